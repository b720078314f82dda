import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';
import { PLANS, WORKSPACE_STATUSES, WorkspaceStatus } from '../../identity';

export { PLANS };

/** GET /api/v1/admin/workspaces and /admin: every workspace, newest first; limit 1-500 (default 100), offset 0-100000. */
export const ADMIN_WORKSPACE_LIST = defineList({
  key: 'workspaces',
  paginated: true,
  page: { limit: { min: 1, max: 500, default: 100 }, offset: { min: 0, max: 100000 } },
  order: { by: 'inserted_at', direction: 'DESC' },
});

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
