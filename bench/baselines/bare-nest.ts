// Baseline 2: a bare NestJS express app answering the same route, the framework's ceiling.
// With BARE_NEST_DATABASE_URL it also answers GET /messages?limit=N, the floor of the list read: the
// workspace named by the x-workspace-id header (no authentication), one named statement on a
// plain pg pool (connecting as BARE_NEST_APPLICATION_NAME), the page and has_more as JSON.
import 'reflect-metadata';
import { Controller, Get, Header, Headers, Module, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Pool } from 'pg';

@Controller()
class HealthController {
  @Get('health')
  @Header('cache-control', 'no-cache, no-store, must-revalidate')
  health() {
    return { status: 'ok', timestamp: new Date().toISOString() };
  }
}

const pool = process.env.BARE_NEST_DATABASE_URL
  ? new Pool({ connectionString: process.env.BARE_NEST_DATABASE_URL, max: 10, application_name: process.env.BARE_NEST_APPLICATION_NAME })
  : undefined;

@Controller()
class MessagesController {
  @Get('messages')
  @Header('cache-control', 'no-store')
  async list(@Headers('x-workspace-id') workspaceId: string, @Query('limit') limit: string) {
    const n = Math.min(Math.max(Number(limit) || 10, 1), 100);
    const { rows } = await pool!.query({
      name: 'bare_list_messages',
      text: `SELECT id, body, channel, service_agent_id, inserted_at FROM messages
              WHERE workspace_id = $1 ORDER BY inserted_at DESC, id DESC LIMIT $2`,
      values: [workspaceId, n + 1],
    });
    return { data: rows.slice(0, n), has_more: rows.length > n };
  }
}

@Module({ controllers: pool ? [HealthController, MessagesController] : [HealthController] })
class BareModule {}

async function main() {
  const app = await NestFactory.create(BareModule, { logger: false });
  await app.listen(Number(process.env.PORT), '127.0.0.1');
  process.send?.('ready');
}
void main();
