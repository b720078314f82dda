/** What the mail feature offers the rest of the service; other features import it from here only. */
export * from './mail-transport';
export * from './mail.module';
export * from './mail.types';
export * from './mail.service';
