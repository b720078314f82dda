import { Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock/clock';
import { SecretBox } from './crypto/secret-box';

@Module({ providers: [{ provide: Clock, useClass: SystemClock }, SecretBox], exports: [Clock, SecretBox] })
export class CommonModule {}
