import { ConnectGate, DatabaseStalledError } from './data-source-options';

describe('ConnectGate (ADR 0231)', () => {
  it('lets every attempt through while PostgreSQL answers', () => {
    const gate = new ConnectGate();
    const a = gate.admit();
    const b = gate.admit();
    expect(a).not.toBeInstanceOf(Error);
    expect(b).not.toBeInstanceOf(Error);
  });

  it('once a connection was given up, one probe at a time goes ahead and the rest fail at once', () => {
    const gate = new ConnectGate();
    gate.stall();
    const probe = gate.admit();
    expect(probe).toEqual(expect.objectContaining({ probe: true }));
    expect(gate.admit()).toBeInstanceOf(DatabaseStalledError);
    expect(gate.admit()).toBeInstanceOf(DatabaseStalledError);
    // the probe times out: still stalled, and the next attempt is the next probe
    gate.settled(probe as Exclude<typeof probe, Error>, new Error('timeout expired'));
    expect(gate.isStalled).toBe(true);
    const next = gate.admit();
    expect(next).toEqual(expect.objectContaining({ probe: true }));
    // it connects: everyone goes ahead again
    gate.settled(next as Exclude<typeof next, Error>);
    expect(gate.isStalled).toBe(false);
    expect(gate.admit()).toEqual(expect.objectContaining({ probe: false }));
  });

  it('a connection answering ends the stall; a refused connect (PostgreSQL down, fast) does not start one', () => {
    const gate = new ConnectGate();
    gate.stall();
    gate.answered();
    expect(gate.isStalled).toBe(false);
    const attempt = gate.admit();
    gate.settled(
      attempt as Exclude<typeof attempt, Error>,
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    );
    expect(gate.isStalled).toBe(false);
  });

  it('a connect that timed out starts one, whoever timed it out', () => {
    const gate = new ConnectGate();
    const attempt = gate.admit();
    gate.settled(attempt as Exclude<typeof attempt, Error>, new Error('timeout expired'));
    expect(gate.isStalled).toBe(true);
  });
});
