import { otaUpdateOf } from './ota';
import type { AgentCommand } from './api-types';

const command = (payload: Record<string, unknown>): AgentCommand => ({
  id: '00000000-0000-4000-8000-000000000001',
  service_agent_id: '00000000-0000-4000-8000-000000000002',
  name: 'ota_update',
  payload,
  status: 'delivered',
  result: null,
  created_by: null,
  inserted_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
});

describe('otaUpdateOf (the ota_update command payload, pending issue 22)', () => {
  it('reads { ota_update: { id, ... } }', () => {
    expect(
      otaUpdateOf(
        command({
          ota_update: {
            id: 'u1',
            update_type: 'firmware',
            version: '2.0.0',
            artifact_url: 'https://x/fw.bin',
            sha256: 'ab',
            status: 'pending',
          },
        }),
      ),
    ).toEqual({
      id: 'u1',
      update_type: 'firmware',
      version: '2.0.0',
      artifact_url: 'https://x/fw.bin',
      sha256: 'ab',
    });
  });

  it('falls back to ota_update_id, then id, and gives up on anything else', () => {
    expect(otaUpdateOf(command({ ota_update_id: 'u2', version: '3' }))).toMatchObject({ id: 'u2', version: '3' });
    expect(otaUpdateOf(command({ id: 'u3' }))).toMatchObject({ id: 'u3' });
    expect(otaUpdateOf(command({ version: '3' }))).toBeUndefined();
    expect(otaUpdateOf(command({ ota_update: { id: 7 } }))).toBeUndefined();
  });
});
