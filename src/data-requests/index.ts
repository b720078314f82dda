/** What the data-requests feature offers the rest of the service; other features import it from here only. */
export * from './data-requests.module';
export * from './dto/data-request.dto';
