import { RedisUnavailableError } from '../core/common/problem/redis-errors';
import {
  assertPayloadSize,
  encodeReply,
  eventSelectionList,
  errorResult,
  parseCommandResult,
  parseFrame,
  parseReadyEvents,
  SocketEventError,
  failureResult,
} from './socket-protocol';

const text = (s: string) => parseFrame(Buffer.from(s), false);

describe('parseFrame', () => {
  it('reads an envelope; ref and payload are optional', () => {
    expect(text('{"event":"ready","ref":"1","payload":{"v":1}}')).toEqual({
      ok: true,
      envelope: { event: 'ready', ref: '1', payload: { v: 1 } },
    });
    expect(text('{"event":"heartbeat"}')).toEqual({ ok: true, envelope: { event: 'heartbeat', ref: null, payload: {} } });
    expect(text('{"event":"heartbeat","ref":3,"payload":null}')).toEqual({
      ok: true,
      envelope: { event: 'heartbeat', ref: 3, payload: {} },
    });
  });

  it('reads fragmented messages', () => {
    expect(parseFrame([Buffer.from('{"event":'), Buffer.from('"ready"}')], false)).toMatchObject({ ok: true });
  });

  it('refuses what is not JSON text as invalid_json', () => {
    expect(text('{"event":')).toEqual({ ok: false, ref: null, reason: 'invalid_json' });
    expect(parseFrame(Buffer.from('{"event":"ready"}'), true)).toEqual({ ok: false, ref: null, reason: 'invalid_json' });
  });

  it('refuses JSON that is not an envelope as invalid_message, keeping a readable ref', () => {
    expect(text('[]')).toEqual({ ok: false, ref: null, reason: 'invalid_message' });
    expect(text('null')).toEqual({ ok: false, ref: null, reason: 'invalid_message' });
    expect(text('{"ref":"a"}')).toEqual({ ok: false, ref: 'a', reason: 'invalid_message' });
    expect(text('{"event":"","ref":"a"}')).toEqual({ ok: false, ref: 'a', reason: 'invalid_message' });
    expect(text(`{"event":"${'e'.repeat(65)}","ref":"a"}`)).toEqual({ ok: false, ref: 'a', reason: 'invalid_message' });
    expect(text('{"event":"ready","ref":"a","payload":"x"}')).toEqual({ ok: false, ref: 'a', reason: 'invalid_message' });
    expect(text(`{"event":"ready","ref":"${'r'.repeat(129)}"}`)).toEqual({ ok: false, ref: null, reason: 'invalid_message' });
    expect(text('{"event":"ready","ref":true}')).toEqual({ ok: false, ref: null, reason: 'invalid_message' });
  });
});

describe('replies', () => {
  it('carry event reply, the ref, the status and the payload', () => {
    expect(JSON.parse(encodeReply('r1', { status: 'ok', payload: { a: 1 } }))).toEqual({
      event: 'reply',
      ref: 'r1',
      status: 'ok',
      payload: { a: 1 },
    });
    expect(errorResult('unknown_event', { reason: 'overridden?' })).toEqual({
      status: 'error',
      payload: { reason: 'unknown_event' },
    });
  });
});

describe('failureResult', () => {
  it('answers Postgres or Redis out of reach with its reason and retry_after (a warning), and anything else internal_error (an error)', () => {
    const logged: string[] = [];
    const logger = { warn: () => void logged.push('warn'), error: () => void logged.push('error') };
    const result = (err: unknown) => failureResult(err, logger, 'socket handler ready');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(result(Object.assign(new Error('the database system is shutting down'), { code: '57P03' }))).toEqual({
      status: 'error',
      payload: { reason: 'database_unavailable', retry_after: 2 },
    });
    expect(result(new RedisUnavailableError('publish: no answer in 500 ms'))).toEqual({
      status: 'error',
      payload: { reason: 'redis_unavailable', retry_after: 2 },
    });
    // a refused connection is Postgres's first (both classifiers know it): the reply says retry either way
    expect(result(refused).payload).toMatchObject({ retry_after: 2 });
    expect(logged).toEqual(['warn', 'warn', 'warn']);
    expect(result(new TypeError("Cannot read properties of undefined (reading 'id')"))).toEqual({
      status: 'error',
      payload: { reason: 'internal_error' },
    });
    expect(result(Object.assign(new Error('duplicate key'), { code: '23505' }))).toEqual({
      status: 'error',
      payload: { reason: 'internal_error' },
    });
    expect(logged).toEqual(['warn', 'warn', 'warn', 'error', 'error']);
  });
});

describe('assertPayloadSize', () => {
  it('measures the payload as JSON bytes (UTF-8)', () => {
    const payload = { s: 'é'.repeat(10) }; // {"s":"..."} = 8 + 20 bytes
    expect(() => assertPayloadSize(payload, 28)).not.toThrow();
    expect(() => assertPayloadSize(payload, 27)).toThrow(SocketEventError);
    try {
      assertPayloadSize(payload, 27);
    } catch (err) {
      expect(err).toMatchObject({ reason: 'payload_too_large', details: { max_bytes: 27 } });
    }
  });
});

describe('parseCommandResult', () => {
  const id = '3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

  it('reads command_id, status and an optional result of any JSON type', () => {
    expect(parseCommandResult({ command_id: id.toUpperCase(), status: 'failed', result: [1] })).toEqual({
      commandId: id,
      status: 'failed',
      result: [1],
    });
    expect(parseCommandResult({ command_id: id, status: 'succeeded' })).toEqual({
      commandId: id,
      status: 'succeeded',
      result: undefined,
    });
  });

  it('refuses a result Postgres could not store as sent, naming where in it', () => {
    expect(() => parseCommandResult({ command_id: id, status: 'succeeded', result: { log: ['ok', 'a\u0000b'], '\ud800': 1 } })).toThrow(
      expect.objectContaining({
        reason: 'invalid_payload',
        details: {
          errors: {
            'result.log.1': ['must not contain the NUL character'],
            'result.\ud800': ['must be valid Unicode (no unpaired surrogate)'],
          },
        },
      }),
    );
    expect(() => parseCommandResult({ command_id: id, status: 'failed', result: 'x\udc00' })).toThrow(
      expect.objectContaining({ details: { errors: { result: ['must be valid Unicode (no unpaired surrogate)'] } } }),
    );
    // the escape spelled out is text like any other; a surrogate pair is one character
    expect(
      parseCommandResult({ command_id: id, status: 'failed', result: { path: 'C:\\u0000dir', emoji: '\ud83d\ude00' } }).result,
    ).toEqual({
      path: 'C:\\u0000dir',
      emoji: '\ud83d\ude00',
    });
  });

  it('names every problem', () => {
    expect(() => parseCommandResult({ command_id: 1, status: 'pending', more: true })).toThrow(
      expect.objectContaining({
        reason: 'invalid_payload',
        details: {
          errors: {
            command_id: ['must be a UUID'],
            status: ['must be one of succeeded, failed'],
            more: ['is not an allowed field'],
          },
        },
      }),
    );
  });
});

describe('parseReadyEvents', () => {
  it('reads none without the list, `*` from a list holding it, and a set of pushed types otherwise', () => {
    expect(parseReadyEvents({})).toEqual(new Set());
    expect(parseReadyEvents({ events: null })).toEqual(new Set());
    expect(parseReadyEvents({ events: [] })).toEqual(new Set());
    expect(parseReadyEvents({ events: ['*'] })).toBe('*');
    expect(parseReadyEvents({ events: ['robot.claimed', '*'] })).toBe('*');
    expect(parseReadyEvents({ events: ['robot.claimed', 'api_key.expiring', 'robot.claimed'] })).toEqual(
      new Set(['robot.claimed', 'api_key.expiring']),
    );
    expect(eventSelectionList(parseReadyEvents({ events: ['robot.retired', 'robot.claimed'] }))).toEqual([
      'robot.claimed',
      'robot.retired',
    ]);
    expect(eventSelectionList('*')).toEqual(['*']);
  });

  it('refuses types sockets are not pushed as unknown_event_type, naming them, and a list that is not of strings as invalid_payload', () => {
    const refusal = (events: unknown) => {
      try {
        parseReadyEvents({ events });
      } catch (err) {
        return { reason: (err as SocketEventError).reason, details: (err as SocketEventError).details };
      }
      throw new Error('not refused');
    };
    expect(refusal(['robot.claimed', 'robot.exploded', 'audit_event.created', 'robot.exploded'])).toEqual({
      reason: 'unknown_event_type',
      details: { unknown_event_types: ['robot.exploded', 'audit_event.created'] },
    });
    for (const events of ['*', [1], { '*': true }, ['robot.claimed', null]]) {
      expect(refusal(events)).toMatchObject({ reason: 'invalid_payload', details: { errors: { events: [expect.any(String)] } } });
    }
  });
});
