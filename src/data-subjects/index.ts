/** What the data-subjects feature offers the rest of the service; other features import it from here only. */
export * from './data-subject';
export * from './data-subject.registry';
export * from './data-subjects.module';
