import { jsonBytes, parseServerFrame } from './socket-protocol';

describe('parseServerFrame', () => {
  it('reads replies, command pushes and event pushes', () => {
    expect(parseServerFrame('{"event":"reply","ref":"c1","status":"ok","payload":{}}')).toEqual({
      event: 'reply',
      ref: 'c1',
      status: 'ok',
      payload: {},
    });
    const command = { event: 'command', payload: { agent_command: { id: 'x', name: 'reboot' } } };
    expect(parseServerFrame(JSON.stringify(command))).toEqual(command);
    const event = { event: 'event', payload: { event: { id: 'e', type: 'robot.claimed' } } };
    expect(parseServerFrame(JSON.stringify(event))).toEqual(event);
  });

  it('ignores anything else rather than failing (the service may add frames)', () => {
    for (const text of [
      'not json',
      '[]',
      '{"event":"reply","status":"maybe","payload":{}}',
      '{"event":"command","payload":{}}',
      '{"event":"new_thing","payload":{}}',
      '{"event":"reply","status":"ok"}',
    ]) {
      expect(parseServerFrame(text)).toBeUndefined();
    }
  });
});

describe('jsonBytes', () => {
  it('counts UTF-8 bytes of the JSON, as the service measures payloads', () => {
    expect(jsonBytes({ a: 'é' })).toBe(Buffer.byteLength('{"a":"é"}'));
    expect(jsonBytes(undefined)).toBe(4);
  });
});
