import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { ProviderRegistrations } from '../../discovery/provider-registrations';
import type { RenderedProblem } from './problem-renderer';
import type { Request, Response } from 'express';

/**
 * Writes a problem in a transport's own error format (SCIM's error schema): it receives the
 * rendered problem (status, typed code, headers, RFC 9457 body) and writes the response.
 */
export type ProblemWriter = (problem: RenderedProblem, req: Request, res: Response) => void;

/** A transport whose errors are not RFC 9457 problems: it writes every error under its path prefix. */
export interface ProblemTransport {
  write: ProblemWriter;
}

const transports = new ProviderRegistrations<string, ProblemTransport>('problem transports', 'ProblemTransportFor');

/** Declares the class the writer of every error under the path `prefix` (SCIM: `/scim/`); ProblemTransports finds it at boot. */
export const ProblemTransportFor = (prefix: string) => transports.decorator(prefix);

/**
 * Transports whose errors are not RFC 9457 problems, by path prefix. A feature declares its writer
 * with `@ProblemTransportFor(prefix)` (SCIM: `/scim/`); ProblemFilter then hands it every error of
 * a request under that prefix, including those raised before routing (body parsing, unknown
 * routes), so core never imports the feature and the writer maps codes, never message text. The
 * longest matching prefix wins; the app does not boot when two writers claim the same one.
 */
@Injectable()
export class ProblemTransports implements OnModuleInit {
  private writers: { prefix: string; write: ProblemWriter }[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.writers = transports
      .discover(this.discovery)
      .map(({ key, instance }) => ({ prefix: key, write: instance.write.bind(instance) }))
      .sort((a, b) => b.prefix.length - a.prefix.length);
  }

  writerFor(path: string): ProblemWriter | undefined {
    return this.writers.find((w) => path.startsWith(w.prefix))?.write;
  }
}
