import { OPEN_COMMANDS_ON_READY } from '../agent-commands';
import { durationAdjective } from '../core/text/duration';
import { SOCKET_TOKEN_TTL_SECONDS } from '../credentials';
import { PUSHED_EVENT_TYPES } from '../events';
import { CloseCodes, MAX_FRAME_BYTES, PAYLOAD_LIMITS, ReplyReasons } from './socket-protocol';

/**
 * The AsyncAPI document of the WebSocket at /socket (served at /api/asyncapi.json beside the
 * OpenAPI document), built from the protocol's own constants so the limits and reasons it states
 * are the ones the gateway enforces. AsyncAPI 2.6: `publish` is what a client sends, `subscribe`
 * what it receives.
 */
const ref = (name: string) => ({ $ref: `#/components/messages/${name}` });
const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const envelope = (event: string, payload: Record<string, unknown>, description: string) => ({
  type: 'object',
  description,
  required: ['event'],
  additionalProperties: false,
  properties: {
    event: { type: 'string', const: event },
    ref: { oneOf: [{ type: 'string', maxLength: 128 }, { type: 'number' }], description: 'echoed in the reply' },
    payload,
  },
});

export function asyncApiDocument(baseUrl: string): Record<string, unknown> {
  const url = new URL(baseUrl);
  const secure = url.protocol === 'https:';
  const closeCodes = Object.entries(CloseCodes)
    .map(([name, code]) => `${code} (${name})`)
    .join(', ');
  return {
    asyncapi: '2.6.0',
    info: {
      title: 'Agent Network WebSocket',
      version: '1.0.0',
      description:
        `The live connection of service agents (and operators' browsers) at /socket. Text frames of JSON, at most ${MAX_FRAME_BYTES} bytes ` +
        `(a larger frame closes the socket with ${CloseCodes.messageTooBig}). Every client event is answered with a reply carrying its ref. The server closes ` +
        `with ${closeCodes}. An agent authenticates with a ${durationAdjective(SOCKET_TOKEN_TTL_SECONDS, 'second')} socket token from POST /api/v1/socket_tokens (scope ` +
        'sockets:connect) in the socket_token query parameter; an operator with the session cookie. A revoked or expired credential, ' +
        'an inactive agent or a refused workspace closes the socket on every node. An upgrade that is refused is answered with an HTTP ' +
        'status and an application/problem+json body, as a request would be: 401 or 403 for the credential (403 ip_not_allowed when the ' +
        "client address is outside the allowed_ips of the socket token's key), 503 database_unavailable " +
        'or redis_unavailable with Retry-After while a dependency is unreachable (retry then). The 101 and every refusal carry ' +
        'x-request-id, as HTTP responses do (an incoming one of 1 to 128 characters of [A-Za-z0-9._-] is echoed, else a new UUID).',
      contact: { name: 'API guide', url: `${baseUrl}/api/docs` },
      license: { name: 'Proprietary', url: `${baseUrl}/api/docs` },
    },
    tags: [
      { name: 'agents', description: 'service agents and robots holding a socket token' },
      { name: 'operators', description: "operators' browsers holding a session" },
    ],
    servers: {
      service: {
        url: `${url.host}`,
        protocol: secure ? 'wss' : 'ws',
        description: 'this deployment',
        security: [{ socketToken: [] }],
      },
    },
    defaultContentType: 'application/json',
    channels: {
      '/socket': {
        description: 'One socket per connection; the socket token (or session) decides whose it is.',
        bindings: {
          ws: {
            query: {
              type: 'object',
              properties: {
                socket_token: { type: 'string', description: `from POST /api/v1/socket_tokens, valid ${SOCKET_TOKEN_TTL_SECONDS} s` },
              },
            },
            bindingVersion: '0.1.0',
          },
        },
        publish: {
          operationId: 'clientEvent',
          summary: 'Events a client sends',
          description: 'Each is answered with a reply (status ok or error, with payload.reason on error).',
          message: { oneOf: [ref('ready'), ref('heartbeat'), ref('commandResult')] },
        },
        subscribe: {
          operationId: 'serverPush',
          summary: 'What the server sends',
          description: 'Replies to client events, commands pushed to an agent, and domain events for agents holding events:read.',
          message: { oneOf: [ref('reply'), ref('command'), ref('event')] },
        },
      },
    },
    components: {
      securitySchemes: {
        socketToken: { type: 'httpApiKey', name: 'socket_token', in: 'query', description: 'a socket token (not an agk_ key)' },
      },
      messages: {
        ready: {
          name: 'ready',
          title: 'Ready',
          summary:
            `Who this socket is, and (agents with agent_commands:read) the agent's open commands, oldest first, at most ${OPEN_COMMANDS_ON_READY}. ` +
            'Its events list replaces the domain event types the socket is pushed (none without it); the reply lists what holds ' +
            '(none without events:read). A type sockets are not pushed is refused with unknown_event_type (unknown_event_types names them), ' +
            'and a refused ready changes nothing.',
          payload: envelope(
            'ready',
            {
              type: 'object',
              description: `at most ${PAYLOAD_LIMITS.ready} bytes as JSON; any other member is the client's own report`,
              properties: {
                events: {
                  type: 'array',
                  description: 'the domain event types to be pushed, or ["*"] for all of them',
                  items: { type: 'string', enum: ['*', ...PUSHED_EVENT_TYPES] },
                },
              },
            },
            'ready',
          ),
        },
        heartbeat: {
          name: 'heartbeat',
          title: 'Heartbeat',
          summary: 'Keeps the socket alive; the reply carries server_time.',
          payload: envelope('heartbeat', { type: 'object', description: `at most ${PAYLOAD_LIMITS.heartbeat} bytes as JSON` }, 'heartbeat'),
        },
        commandResult: {
          name: 'command_result',
          title: 'Command result',
          summary: 'The outcome of a command this agent received (agent_commands:read); a second result is refused with command_finished.',
          payload: envelope(
            'command_result',
            {
              type: 'object',
              required: ['command_id', 'status'],
              description: `at most ${PAYLOAD_LIMITS.command_result} bytes as JSON`,
              properties: {
                command_id: { type: 'string', format: 'uuid' },
                status: { type: 'string', enum: ['succeeded', 'failed'] },
                result: { description: 'any JSON value' },
              },
            },
            'command_result',
          ),
        },
        reply: {
          name: 'reply',
          title: 'Reply',
          summary: 'The answer to a client event, with its ref.',
          payload: {
            type: 'object',
            required: ['event', 'status', 'payload'],
            properties: {
              event: { type: 'string', const: 'reply' },
              ref: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
              status: { type: 'string', enum: ['ok', 'error'] },
              payload: {
                type: 'object',
                properties: { reason: { type: 'string', enum: Object.values(ReplyReasons), description: 'on status error' } },
              },
            },
          },
        },
        command: {
          name: 'command',
          title: 'Agent command',
          summary: 'A command an operator created for this agent (at least once: de-duplicate by id).',
          payload: {
            type: 'object',
            required: ['event', 'payload'],
            properties: {
              event: { type: 'string', const: 'command' },
              payload: { type: 'object', properties: { agent_command: schema('AgentCommand') } },
            },
          },
        },
        event: {
          name: 'event',
          title: 'Domain event',
          summary:
            'A domain event of the workspace, for agent sockets holding events:read whose ready named its type or "*" (at least once: de-duplicate by id).',
          payload: {
            type: 'object',
            required: ['event', 'payload'],
            properties: {
              event: { type: 'string', const: 'event' },
              payload: { type: 'object', properties: { event: schema('DomainEvent') } },
            },
          },
        },
      },
      schemas: {
        AgentCommand: {
          type: 'object',
          required: ['id', 'name', 'status'],
          properties: {
            id: { type: 'string', format: 'uuid' },
            service_agent_id: { type: 'string', format: 'uuid' },
            name: { type: 'string' },
            payload: { type: 'object' },
            status: { type: 'string', enum: ['pending', 'delivered', 'succeeded', 'failed'] },
            inserted_at: { type: 'string', format: 'date-time' },
          },
        },
        DomainEvent: {
          type: 'object',
          required: ['id', 'type', 'data', 'inserted_at'],
          properties: {
            id: { type: 'string', format: 'uuid' },
            type: { type: 'string' },
            data: { type: 'object' },
            inserted_at: { type: 'string', format: 'date-time' },
          },
        },
      },
    },
  };
}
