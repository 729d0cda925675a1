import { ApplicationFailure } from '@temporalio/common';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import { isDomainError } from '../domain/errors.js';

/**
 * The one place where a business refusal leaves an activity: a DomainError becomes a non-retryable
 * failure whose type is the error's code (details: kind, fields, data), so the workflow step fails at
 * once instead of retrying a refusal forever. Anything else stays retryable under the proxy's policy.
 */
export const domainErrorsAreFinal: ActivityInterceptorsFactory = () => ({
  inbound: {
    async execute(input, next) {
      try {
        return await next(input);
      } catch (err) {
        if (!isDomainError(err)) throw err;
        throw ApplicationFailure.create({
          type: err.code, message: err.message, nonRetryable: true, cause: err,
          details: [{ kind: err.kind, code: err.code, fields: err.fields, ...(err.data ? { data: err.data } : {}) }],
        });
      }
    },
  },
});
