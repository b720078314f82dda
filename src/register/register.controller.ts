import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { MachineBootstrap } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { RegisterDto } from './dto/register.dto';
import { RegisterResponseDto } from './dto/register-response.dto';
import { RegisterService } from './register.service';

@ApiTags('machine')
@Controller('api/v1/register')
export class RegisterController {
  constructor(private readonly register: RegisterService) {}

  /** Creates a user, a workspace, its default agent and the workspace primary key in one request. */
  @MachineBootstrap()
  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: RegisterResponseDto, description: 'the key and token are shown only here' })
  @ApiUnprocessableEntityResponse({ type: ProblemDto })
  create(@Body() dto: RegisterDto): Promise<RegisterResponseDto> {
    return this.register.register(dto);
  }
}
