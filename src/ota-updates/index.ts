/** What the OTA-updates feature offers the rest of the service; other features import it from here only. */
export * from './dto/ota-update.dto';
export * from './ota-status';
export * from './ota-updates.module';
export * from './ota-updates.service';
