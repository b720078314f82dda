/** What the register feature offers the rest of the service; other features import it from here only. */
export * from './dto/register-response.dto';
export { nameFromEmail } from './register.service';
