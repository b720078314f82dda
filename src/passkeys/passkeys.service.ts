import { Injectable } from '@nestjs/common';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { Clock } from '../core/common/clock/clock';
import { randomToken, sha256 } from '../core/common/crypto/secrets';
import { ConflictProblem, NotFoundProblem, ProblemError } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import { Db } from '../core/database/db.service';
import { RedisKeys } from '../core/redis/redis-keys';
import { accountActor, MemberAudit } from '../sessions';
import { PasskeyChallenges } from './passkey-challenges';
import { PASSKEY_ALGORITHMS, PASSKEY_TRANSPORTS, PASSKEYS_PER_ACCOUNT, RP_NAME } from './passkeys.constants';
import { PasskeysRepository } from './passkeys.repository';
import type { OperatorPrincipal } from '../sessions';
import type { WebAuthnCredentialDto } from './dto/passkey.dto';
import type { PasskeysProblemCode } from './passkeys.problem-codes';

const unprocessable = (code: PasskeysProblemCode) => new ProblemError({ status: 422, code });

/** The library's verdict, or false for anything it throws on (a malformed response, a mismatch it reports by throwing). */
async function verdict<T>(verify: () => Promise<T>): Promise<T | undefined> {
  try {
    return await verify();
  } catch {
    return undefined;
  }
}

/**
 * Passkeys (WebAuthn) as a second factor (API.md Part 3; ADR 0251, 0252): registration from a
 * signed-in session, the account's list, removal, and the two steps of a log-in's second factor
 * (options, then the assertion) for the pending log-in to call. The relying party is BASE_URL:
 * its host is the rp id, its origin the only origin accepted. Every check of a response is
 * @simplewebauthn/server's.
 */
@Injectable()
export class PasskeysService {
  private readonly rpId: string;
  private readonly origin: string;

  constructor(
    private readonly db: Db,
    private readonly repo: PasskeysRepository,
    private readonly challenges: PasskeyChallenges,
    private readonly audit: MemberAudit,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.rpId = new URL(config.baseUrl).hostname;
    this.origin = config.baseOrigin;
  }

  /**
   * Options for `navigator.credentials.create()`: the account's passkeys excluded, its user
   * handle the 16 bytes of its id (opaque, stable, no address in it). The challenge is kept for
   * this session only, replacing one asked before.
   */
  async registrationOptions(op: OperatorPrincipal): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.repo.descriptors(op.userId);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpId,
      userName: op.email,
      userDisplayName: op.name,
      userID: userHandle(op.userId),
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.credentialId.toString('base64url'), transports: c.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
    await this.challenges.put(RedisKeys.webauthnRegistration(op.sessionId), op.userId, options.challenge);
    return options;
  }

  /**
   * Verifies the authenticator's answer to this session's pending challenge (taken first: a
   * challenge is answered once, verified or not) and stores the passkey with its
   * `mfa.passkey_add` event in each of the account's workspaces, in one transaction.
   */
  async register(op: OperatorPrincipal, name: string, response: Record<string, unknown>): Promise<WebAuthnCredentialDto> {
    const challenge = await this.challenges.take(RedisKeys.webauthnRegistration(op.sessionId), op.userId);
    if (!challenge) throw unprocessable('webauthn_challenge_invalid');
    const verified = await verdict(() =>
      verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: false,
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      }),
    );
    if (!verified?.verified) throw unprocessable('webauthn_verification_failed');
    const { credential } = verified.registrationInfo;
    return this.db.transaction(async (tx) => {
      if ((await this.repo.lockAndCount(tx, op.userId)) >= PASSKEYS_PER_ACCOUNT) throw new ConflictProblem('webauthn_credential_limit');
      const created = await this.repo.insert(tx, {
        userId: op.userId,
        name,
        credentialId: Buffer.from(credential.id, 'base64url'),
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: [...new Set(credential.transports ?? [])].filter((x) => PASSKEY_TRANSPORTS.has(x)),
      });
      if (!created) throw new ConflictProblem('webauthn_credential_exists');
      await this.audit.record(tx, workspacesOf(op), {
        action: 'mfa.passkey_add',
        target: passkeyTarget(created),
        actor: actorOf(op),
      });
      return created;
    });
  }

  list(userId: string): Promise<WebAuthnCredentialDto[]> {
    return this.repo.list(userId);
  }

  /** Removes one of the account's passkeys (another account's or an unknown id: 404), with its `mfa.passkey_remove` events. */
  async remove(op: OperatorPrincipal, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const removed = await this.repo.delete(tx, op.userId, id);
      if (!removed) throw new NotFoundProblem();
      await this.audit.record(tx, workspacesOf(op), { action: 'mfa.passkey_remove', target: passkeyTarget(removed), actor: actorOf(op) });
    });
  }

  /**
   * The log-in's second factor, first step: options for `navigator.credentials.get()` allowing
   * the account's passkeys, and the id of the challenge (a random handle, or the one the caller
   * names: the pending log-in's own token, so that step has one live challenge at a time; never
   * shown to anyone but its holder; Redis holds only its SHA-256). Answerable once, for 5
   * minutes, by this account only.
   */
  async authenticationOptions(
    userId: string,
    challengeId = randomToken(32),
  ): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; challengeId: string }> {
    const allowed = await this.repo.descriptors(userId);
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      allowCredentials: allowed.map((c) => ({ id: c.credentialId.toString('base64url'), transports: c.transports })),
      userVerification: 'preferred',
    });
    await this.challenges.put(authenticationKey(challengeId), userId, options.challenge);
    return { options, challengeId };
  }

  /** Whether the account has a passkey (the log-in's second step offers it then). */
  async hasPasskeys(userId: string): Promise<boolean> {
    return (await this.repo.descriptors(userId)).length > 0;
  }

  /**
   * The log-in's second factor, second step: true when `response` is an assertion of one of the
   * account's passkeys over the challenge `challengeId` names (taken: a second answer is false),
   * from this origin and rp id, with a signature counter that moved forward (a counter that did
   * not, when either is non-zero, is a cloned authenticator: false). The counter and last_used_at
   * are updated in one conditional statement, so two answers racing with one counter value pass
   * once. Throws only when Redis or Postgres cannot be reached (503).
   */
  async verifyAuthentication(userId: string, challengeId: string, response: unknown): Promise<boolean> {
    if (typeof challengeId !== 'string' || challengeId.length === 0 || challengeId.length > 100) return false;
    const challenge = await this.challenges.take(authenticationKey(challengeId), userId);
    if (!challenge) return false;
    const assertion = response as AuthenticationResponseJSON | null;
    const rawId = typeof assertion === 'object' && assertion !== null && typeof assertion.rawId === 'string' ? assertion.rawId : undefined;
    if (!rawId || rawId.length > 1400) return false;
    const stored = await this.repo.forAssertion(userId, Buffer.from(rawId, 'base64url'));
    if (!stored) return false;
    const verified = await verdict(() =>
      verifyAuthenticationResponse({
        response: assertion!,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: false,
        credential: { id: rawId, publicKey: new Uint8Array(stored.publicKey), counter: stored.counter, transports: stored.transports },
      }),
    );
    if (!verified?.verified) return false;
    return this.repo.recordUse(stored.id, verified.authenticationInfo.newCounter, this.clock.date());
  }
}

/** The WebAuthn user handle of an account: its id's 16 bytes. */
export const userHandle = (userId: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));

const authenticationKey = (challengeId: string) => RedisKeys.webauthnAuthentication(sha256(challengeId).toString('hex'));

const passkeyTarget = (p: { id: string; name: string }) => ({ type: 'webauthn_credential', id: p.id, label: p.name });

const actorOf = (op: OperatorPrincipal) => accountActor({ id: op.userId, email: op.email });

/** An account-level change is recorded in every workspace the account is an active member of (ADR 0240). */
const workspacesOf = (op: OperatorPrincipal) => op.workspaces.map((w) => w.id);
