import { Injectable, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { type ProblemTransport, ProblemTransportFor, ProblemTransports } from './problem-transports';

const written: string[] = [];

@ProblemTransportFor('/scim/')
@Injectable()
class Scim implements ProblemTransport {
  write(): void {
    written.push('scim');
  }
}
@ProblemTransportFor('/scim/v2/Bulk')
@Injectable()
class Bulk implements ProblemTransport {
  write(): void {
    written.push('bulk');
  }
}
@ProblemTransportFor('/scim/')
@Injectable()
class OtherScim implements ProblemTransport {
  write(): void {
    written.push('other');
  }
}

async function boot(...writers: Type[]): Promise<ProblemTransports> {
  const moduleRef = await Test.createTestingModule({ imports: [DiscoveryModule], providers: [ProblemTransports, ...writers] }).compile();
  await moduleRef.init();
  return moduleRef.get(ProblemTransports);
}

describe('ProblemTransports', () => {
  beforeEach(() => (written.length = 0));

  it('hands an error to the writer of the longest prefix its path has; none elsewhere', async () => {
    const transports = await boot(Scim, Bulk);
    const write = (path: string) => transports.writerFor(path)?.({} as never, {} as never, {} as never);
    write('/scim/v2/Users');
    write('/scim/v2/Bulk');
    expect(written).toEqual(['scim', 'bulk']);
    expect(transports.writerFor('/api/v1/things')).toBeUndefined();
  });

  it('does not boot when two writers claim the same prefix', async () => {
    await expect(boot(Scim, OtherScim)).rejects.toThrow(
      'problem transports: "/scim/" is registered 2 times: by Scim in RootTestModule, OtherScim in RootTestModule',
    );
  });
});
