import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PaginationDto } from '../../core/common/pagination/pagination.dto';
import { WORKSPACE_STATUSES, WorkspaceStatus } from '../../identity/workspace-status';

export const PLANS = ['free', 'team', 'enterprise'] as const;

export class UpdateWorkspaceDto {
  @ApiPropertyOptional({ enum: WORKSPACE_STATUSES })
  @IsOptional()
  @IsIn(WORKSPACE_STATUSES)
  status?: WorkspaceStatus;

  @ApiPropertyOptional({ enum: PLANS })
  @IsOptional()
  @IsIn(PLANS)
  plan?: string;
}

export class AdminWorkspaceDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() slug: string;
  @ApiProperty({ enum: WORKSPACE_STATUSES }) status: string;
  @ApiProperty({ enum: PLANS }) plan: string;
}

export class AdminWorkspaceEnvelopeDto {
  @ApiProperty() workspace: AdminWorkspaceDto;
}

export class AdminWorkspaceListDto {
  @ApiProperty({ type: [AdminWorkspaceDto] }) workspaces: AdminWorkspaceDto[];
  @ApiProperty({ description: 'number of workspaces in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
