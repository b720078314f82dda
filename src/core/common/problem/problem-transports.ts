import { Injectable } from '@nestjs/common';
import type { RenderedProblem } from './problem-renderer';
import type { Request, Response } from 'express';

/**
 * Writes a problem in a transport's own error format (SCIM's error schema): it receives the
 * rendered problem (status, typed code, headers, RFC 9457 body) and writes the response.
 */
export type ProblemWriter = (problem: RenderedProblem, req: Request, res: Response) => void;

/**
 * Transports whose errors are not RFC 9457 problems, by path prefix. A feature registers its
 * writer at start-up (SCIM: `/scim/`); ProblemFilter then hands it every error of a request under
 * that prefix, including those raised before routing (body parsing, unknown routes), so core
 * never imports the feature and the writer maps codes, never message text.
 */
@Injectable()
export class ProblemTransports {
  private readonly writers: { prefix: string; write: ProblemWriter }[] = [];

  register(prefix: string, write: ProblemWriter): void {
    if (this.writers.some((w) => w.prefix === prefix)) throw new Error(`a problem writer for ${prefix} is registered twice`);
    this.writers.push({ prefix, write });
  }

  writerFor(path: string): ProblemWriter | undefined {
    return this.writers.find((w) => path.startsWith(w.prefix))?.write;
  }
}
