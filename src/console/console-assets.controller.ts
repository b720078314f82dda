import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth';
import { CONSOLE_SCRIPT } from './console-script';

/** /assets/console.js (CONSOLE_SCRIPT_PATH): the console's one script file, from this origin. */
@ApiTags('pages')
@Controller('assets')
export class ConsoleAssetsController {
  @Public()
  @Get('console.js')
  @Header('content-type', 'text/javascript; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  @ApiOperation({
    summary: "The console's script",
    description:
      "Public: adds Copy buttons beside the values a console page offers to copy and shows times in the reader's local time on hover; " +
      'every page works without it. Cacheable for an hour.',
  })
  @ApiProduces('text/javascript')
  @ApiOkResponse({ description: 'the script (text/javascript)' })
  script(): string {
    return CONSOLE_SCRIPT;
  }
}
