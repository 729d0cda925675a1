/** The signed-in seller's own data: profile, one-time username, password change, live token (settings: member-settings.ts). */
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from 'mongodb';
import { isDuplicateKey } from '../../infra/db.js';
import { ChangePasswordInput, UsernameCheckInput, UsernameInput } from '../../domain/account-schemas.js';
import { DomainError } from '../../domain/errors.js';
import {
  NEW_PASSWORD_SAME,
  OLD_PASSWORD_WRONG,
  PASSWORD_CHANGED,
  USERNAME_ALREADY_SET,
  USERNAME_AVAILABLE,
  USERNAME_TAKEN,
} from '../../domain/messages.js';
import { LIVE_TOKEN_TTL_SECONDS, mintLiveToken } from '../../infra/live/token.js';
import { parseBody } from '../errors.js';
import { checkPassword, hashPassword } from '../auth/passwords.js';
import { requireSeller, sellerOf, signedInAccount } from '../auth/require-seller.js';
import { publicSeller } from './accounts.js';

export const memberRoutes: FastifyPluginAsync<{ liveSecret: string; db: Db }> = async (app, opts) => {
  const a = app.accounts;
  const Seller = a.models.Seller;

  /** Finishes a claim that stopped after its owner record (process died): mirrors it, or frees it if its name was never reserved. */
  const repairOwner = async (id: string) => {
    const owner = await a.models.UsernameOwner.findById(id).lean();
    if (!owner) return;
    const name = await a.models.Username.findOne({ _id: owner.username.toLowerCase(), sellerId: id }).lean();
    if (name) await Seller.updateOne({ _id: id, username: null }, { $set: { username: owner.username } });
    else if (Date.now() - owner.createdAt.getTime() > 60_000) await a.models.UsernameOwner.deleteOne({ _id: id, username: owner.username });
  };

  app.get('/api/me', { preHandler: requireSeller }, async (req) => publicSeller(await signedInAccount(req)));

  /** A short-lived token for the live-status socket (browsers may also use the session cookie directly). */
  app.get('/api/live/token', { preHandler: requireSeller }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { token: await mintLiveToken(opts.liveSecret, { sellerId: sellerOf(req).id, sessionId: req.sessionDoc!._id }), expiresInSeconds: LIVE_TOKEN_TTL_SECONDS };
  });

  app.post('/api/member/password', { preHandler: requireSeller }, async (req) => {
    const input = parseBody(ChangePasswordInput, req.body);
    const seller = await signedInAccount(req);
    // Counted before argon2: a stolen session cannot guess the current password by brute force.
    await a.limiter.hit('password-check', seller._id, a.limits.passwordCheckPerSeller);
    if (!(await checkPassword(seller.passwordHash, input.oldPassword))) {
      throw DomainError.invalidFields([{ field: 'oldPassword', message: OLD_PASSWORD_WRONG }], 'old_password_wrong');
    }
    if (input.password === input.oldPassword) throw DomainError.invalidFields([{ field: 'password', message: NEW_PASSWORD_SAME }]);
    const changed = await Seller.updateOne(
      { _id: seller._id, passwordHash: seller.passwordHash },
      { $set: { passwordHash: await hashPassword(input.password), passwordChangedAt: new Date() } },
    );
    if (changed.modifiedCount !== 1) throw new DomainError('conflict', 'password_changed_meanwhile', 'The password was changed meanwhile, please try again');
    // Other devices signed in with the old password are signed out; this one stays.
    await a.sessions.revokeAll(seller._id, req.sessionDoc?._id);
    return { message: PASSWORD_CHANGED };
  });

  app.get('/api/member/username/check', { preHandler: requireSeller }, async (req) => {
    await a.limiter.hit('username-check-ip', req.ip, a.limits.usernameCheckPerIp);
    const { username } = parseBody(UsernameCheckInput, req.query);
    const taken = await a.models.Username.exists({ _id: username.toLowerCase() });
    return taken ? { available: false, message: USERNAME_TAKEN } : { available: true, message: USERNAME_AVAILABLE };
  });

  /**
   * Sets the username, once, with two unique inserts (exclusive on MongoDB and FerretDB alike):
   * the owner record keyed by the seller id (a second username for one seller fails) and the name
   * keyed by its lower-case form (a name taken by another seller fails). A half-done claim is
   * undone by a single delete; the seller document then only mirrors the result.
   */
  app.post('/api/member/username', { preHandler: requireSeller }, async (req, reply) => {
    const { username } = parseBody(UsernameInput, req.body);
    const id = sellerOf(req).id;
    const key = username.toLowerCase();
    try {
      await a.models.UsernameOwner.create({ _id: id, username, createdAt: new Date() });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      await repairOwner(id);
      throw new DomainError('conflict', 'username_already_set', USERNAME_ALREADY_SET);
    }
    try {
      await a.models.Username.create({ _id: key, sellerId: id, createdAt: new Date() });
    } catch (err) {
      await a.models.UsernameOwner.deleteOne({ _id: id, username });
      if (isDuplicateKey(err)) throw new DomainError('conflict', 'username_taken', USERNAME_TAKEN, { fields: [{ field: 'username', message: USERNAME_TAKEN }] });
      throw err;
    }
    await Seller.updateOne({ _id: id, username: null }, { $set: { username } });
    reply.code(201);
    return { username };
  });
};
