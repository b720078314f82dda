import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth';
import { AppConfig } from '../core/config/app-config';
import { asyncApiDocument } from './asyncapi';

@ApiTags('docs')
@Controller('api')
export class AsyncApiController {
  constructor(private readonly config: AppConfig) {}

  @Public()
  @Get('asyncapi.json')
  @Header('cache-control', 'no-cache')
  @ApiOperation({
    summary: 'The AsyncAPI document of the WebSocket',
    description: 'AsyncAPI 2.6: the /socket channel, every message a client sends and receives, close codes and limits.',
  })
  @ApiOkResponse({ description: 'the AsyncAPI document (JSON)' })
  document(): Record<string, unknown> {
    return asyncApiDocument(this.config.baseUrl);
  }
}
