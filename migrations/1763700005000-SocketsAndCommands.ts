import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Socket tokens (POST /api/v1/socket_tokens: 600-second tokens for the websocket at /socket,
 * stored as SHA-256 with the credential they were minted from, so revoking the credential revokes
 * them) and agent commands (created by operators, pushed to the agent's live sockets).
 */
export class SocketsAndCommands1763700005000 implements MigrationInterface {
  name = 'SocketsAndCommands1763700005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE socket_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        credential_id uuid NOT NULL REFERENCES api_credentials (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL,
        scopes text[] NOT NULL,
        expires_at timestamptz NOT NULL,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT socket_tokens_token_hash_len CHECK (octet_length(token_hash) = 32)
      )`);
    await q.query(`CREATE UNIQUE INDEX socket_tokens_token_hash_key ON socket_tokens (token_hash)`);
    // minting prunes the credential's expired tokens through this index
    await q.query(`CREATE INDEX socket_tokens_credential_idx ON socket_tokens (credential_id, expires_at)`);

    await q.query(`
      CREATE TABLE agent_commands (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        service_agent_id uuid NOT NULL REFERENCES service_agents (id) ON DELETE CASCADE,
        name text NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}'::jsonb,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'succeeded', 'failed')),
        result jsonb,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // GET /api/v1/operator/agent_commands: newest first, stable
    await q.query(`CREATE INDEX agent_commands_list_idx ON agent_commands (workspace_id, inserted_at DESC, id DESC)`);
    // the open commands an agent receives when its socket sends ready
    await q.query(`
      CREATE INDEX agent_commands_open_idx ON agent_commands (service_agent_id, inserted_at, id)
        WHERE status IN ('pending', 'delivered')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE agent_commands`);
    await q.query(`DROP TABLE socket_tokens`);
  }
}
