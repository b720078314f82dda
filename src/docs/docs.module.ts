import { Module } from '@nestjs/common';
import { DocsController } from './docs.controller';

/** The site root, the problem type pages and the favicon. */
@Module({ controllers: [DocsController] })
export class DocsModule {}
