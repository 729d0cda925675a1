/** Seller accounts in MongoDB: sellers, sessions, one-time codes and links, captchas, usernames, rate counters. */
import { Schema, type Connection, type Model } from 'mongoose';
import type { SellerSettings } from '../../domain/account-schemas.js';
import type { StandingRecord } from '../../domain/account-standing.js';

export interface SellerDoc {
  _id: string;
  email: string;
  /** argon2id PHC string; null for sellers who only ever signed in with Google. */
  passwordHash: string | null;
  username: string | null;
  googleSub: string | null;
  settings: SellerSettings | null;
  createdAt: Date;
  passwordChangedAt: Date | null;
  /** When the seller proved they read mail at `email`; null until then (no payout settings, no Google link). */
  emailVerifiedAt: Date | null;
  /** Changes of payout method or address so far (absent: none); keys each change's notice. */
  payoutRevision?: number;
  /** Support's penalties (infra/accounts/standing.ts); absent: active, never penalised. */
  standing?: StandingRecord;
  /** The zone times are shown in (IANA name, domain/display-preferences.ts); absent or null: the browser's, UTC in mails. */
  timeZone?: string | null;
  /** The currency amounts are also shown in, next to euros; absent or null: the payout currency. */
  displayCurrency?: string | null;
}

export interface SessionDoc {
  /** sha256 of the cookie token: a database leak gives no usable session. */
  _id: string;
  sellerId: string;
  /** Kept here so an authenticated request costs one read. Emails never change. */
  email: string;
  csrfHash: string;
  remember: boolean;
  createdAt: Date;
  expiresAt: Date;
  /** Sliding renewal never goes past this. */
  absoluteExpiresAt: Date;
  userAgent: string;
  /** When the seller last confirmed it is them (password or emailed code) in this session; signing in does not count. */
  reauthenticatedAt?: Date | null;
}

/** A sign-in code emailed to an address; one live code per address. */
export interface EmailCodeDoc {
  _id: string; // `${purpose}:${email}`
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  sentAt: Date;
}

export interface ResetTokenDoc {
  _id: string; // sha256 of the token in the link
  sellerId: string;
  expiresAt: Date;
  usedAt: Date | null;
}

/** A solved captcha challenge, kept until it expires so its solution counts once (`_id` = its signature). */
export interface CaptchaDoc {
  _id: string;
  expiresAt: Date;
}

/** One claimed username, keyed by its lower-case form so "Bob" and "bob" cannot both exist. */
export interface UsernameDoc {
  _id: string;
  sellerId: string;
  createdAt: Date;
}

/**
 * One counted attempt (a sign-in, a code request...) or one running wait. Counting by inserting a
 * document per hit, never by $inc: FerretDB 1.x applies concurrent updates of one document
 * without isolation (increments get lost, two conditional updates both match), while inserts
 * with a unique _id and single deletes are exclusive.
 */
export interface RateCounterDoc {
  _id: string;
  key: string;
  at: Date;
  expiresAt: Date;
}

/** A Google sign-in the server started: `_id` = sha256(state); the nonce the ID credential must carry. */
export interface GoogleLoginDoc {
  _id: string;
  nonce: string;
  expiresAt: Date;
}

/** Who set a username: _id is the seller id, so a second insert for one seller fails. */
export interface UsernameOwnerDoc {
  _id: string;
  username: string;
  createdAt: Date;
}

export interface AccountModels {
  Seller: Model<SellerDoc>;
  Session: Model<SessionDoc>;
  EmailCode: Model<EmailCodeDoc>;
  ResetToken: Model<ResetTokenDoc>;
  Captcha: Model<CaptchaDoc>;
  Username: Model<UsernameDoc>;
  RateCounter: Model<RateCounterDoc>;
  UsernameOwner: Model<UsernameOwnerDoc>;
  GoogleLogin: Model<GoogleLoginDoc>;
}

const opts = { versionKey: false, _id: false } as const;

const settingsSchema = new Schema<SellerSettings>(
  {
    contactMethod: String,
    contactValue: String,
    paymentMethod: String,
    paymentAddress: String,
    currency: String,
    trueName: String,
  },
  { _id: false },
);

const sellerSchema = new Schema<SellerDoc>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, default: null },
    username: { type: String, default: null },
    googleSub: { type: String, default: null, index: true },
    settings: { type: settingsSchema, default: null },
    createdAt: { type: Date, required: true },
    passwordChangedAt: { type: Date, default: null },
    emailVerifiedAt: { type: Date, default: null },
    payoutRevision: { type: Number },
    // Written by support only (infra/accounts/standing.ts), never by the seller's own saves.
    standing: { type: Schema.Types.Mixed, default: undefined },
    timeZone: { type: String, default: null },
    displayCurrency: { type: String, default: null },
  },
  { ...opts, collection: 'sellers' },
);

const sessionSchema = new Schema<SessionDoc>(
  {
    _id: { type: String, required: true },
    sellerId: { type: String, required: true, index: true },
    email: { type: String, required: true },
    csrfHash: { type: String, required: true },
    remember: { type: Boolean, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    absoluteExpiresAt: { type: Date, required: true },
    userAgent: { type: String, default: '' },
    reauthenticatedAt: { type: Date, default: null },
  },
  { ...opts, collection: 'sessions' },
);

const emailCodeSchema = new Schema<EmailCodeDoc>(
  {
    _id: { type: String, required: true },
    codeHash: { type: String, required: true },
    attempts: { type: Number, required: true },
    expiresAt: { type: Date, required: true },
    sentAt: { type: Date, required: true },
  },
  { ...opts, collection: 'email_codes' },
);

const resetTokenSchema = new Schema<ResetTokenDoc>(
  {
    _id: { type: String, required: true },
    sellerId: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
  },
  { ...opts, collection: 'password_resets' },
);

const captchaSchema = new Schema<CaptchaDoc>(
  { _id: { type: String, required: true }, expiresAt: { type: Date, required: true } },
  { ...opts, collection: 'captcha_uses' },
);

const usernameSchema = new Schema<UsernameDoc>(
  { _id: { type: String, required: true }, sellerId: { type: String, required: true }, createdAt: { type: Date, required: true } },
  { ...opts, collection: 'usernames' },
);

const rateCounterSchema = new Schema<RateCounterDoc>(
  { _id: { type: String, required: true }, key: { type: String, required: true }, at: { type: Date, required: true }, expiresAt: { type: Date, required: true } },
  { ...opts, collection: 'rate_counters' },
);
rateCounterSchema.index({ key: 1, at: 1 });

const usernameOwnerSchema = new Schema<UsernameOwnerDoc>(
  { _id: { type: String, required: true }, username: { type: String, required: true }, createdAt: { type: Date, required: true } },
  { ...opts, collection: 'username_owners' },
);

const googleLoginSchema = new Schema<GoogleLoginDoc>(
  { _id: { type: String, required: true }, nonce: { type: String, required: true }, expiresAt: { type: Date, required: true } },
  { ...opts, collection: 'google_logins' },
);

const cache = new WeakMap<Connection, AccountModels>();

/** The account models on one connection (defined once per connection), with their indexes built. */
export async function accountModels(db: Connection): Promise<AccountModels> {
  const known = cache.get(db);
  if (known) return known;
  const models: AccountModels = {
    Seller: db.model<SellerDoc>('Seller', sellerSchema),
    Session: db.model<SessionDoc>('Session', sessionSchema),
    EmailCode: db.model<EmailCodeDoc>('EmailCode', emailCodeSchema),
    ResetToken: db.model<ResetTokenDoc>('ResetToken', resetTokenSchema),
    Captcha: db.model<CaptchaDoc>('Captcha', captchaSchema),
    Username: db.model<UsernameDoc>('Username', usernameSchema),
    RateCounter: db.model<RateCounterDoc>('RateCounter', rateCounterSchema),
    UsernameOwner: db.model<UsernameOwnerDoc>('UsernameOwner', usernameOwnerSchema),
    GoogleLogin: db.model<GoogleLoginDoc>('GoogleLogin', googleLoginSchema),
  };
  cache.set(db, models);
  await Promise.all(Object.values(models).map((m: Model<unknown>) => m.init()));
  return models;
}

/**
 * Deletes expired sessions, captcha uses, rate counters, emailed codes, reset tokens and Google
 * logins (no TTL indexes on FerretDB): the worker's `account-records` sweep (workers/sweeps.ts).
 */
export async function sweepExpiredAccountRecords(models: AccountModels, now = new Date()): Promise<void> {
  const expired = { expiresAt: { $lte: now } };
  await Promise.all([models.Session, models.Captcha, models.RateCounter, models.EmailCode, models.ResetToken, models.GoogleLogin]
    .map((m) => (m as unknown as { deleteMany(f: typeof expired): Promise<unknown> }).deleteMany(expired)));
}
