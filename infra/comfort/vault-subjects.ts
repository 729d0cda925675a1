/** How comfort trade's sealed login details are named in the vault: by the API that seals them and the sweeps that clear them. */
export const CREDENTIALS_PURPOSE = 'comfort-credentials';
/** A resubmit's new login details, sealed until the run merges them into its own (then destroyed). */
export const RESUBMIT_PURPOSE = `${CREDENTIALS_PURPOSE}:resubmit`;
/** The vault subject of a batch row's login details (a single submission's is its run id): the sweep asks the batch. */
export const BATCH_SUBJECT = 'batch:';
