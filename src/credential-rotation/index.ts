/** What the credential rotation feature offers the rest of the service; other features import it from here only. */
export * from './credential-rotation.module';
export * from './dto/rotate.dto';
