/**
 * Token budgets: at most `maxTokens` judge tokens per `windowMs` (sliding window) for a rule. Once
 * spent, further evaluations are skipped with reason `budget_exceeded` (and counted) instead of called.
 */

/** Options of a token budget. */
export interface TokenBudgetOptions {
  /** Tokens (input + output) allowed per window. */
  maxTokens: number;
  /** Window length in ms (default one hour). */
  windowMs?: number;
}

/** Reason given on results skipped for budget. */
export const BUDGET_EXCEEDED = 'budget_exceeded';

/** A sliding-window token budget; share one instance between evaluators to give them one budget. */
export class TokenBudget {
  private readonly spent: Array<{ at: number; tokens: number }> = [];
  private total = 0;
  private skips = 0;
  /** Tokens per window. */
  readonly maxTokens: number;
  /** Window length in ms. */
  readonly windowMs: number;

  constructor(options: TokenBudgetOptions, private readonly now: () => number = Date.now) {
    this.maxTokens = options.maxTokens;
    this.windowMs = options.windowMs ?? 3_600_000;
  }

  private expire(): void {
    const cutoff = this.now() - this.windowMs;
    while (this.spent.length > 0 && (this.spent[0]?.at ?? 0) <= cutoff) this.total -= this.spent.shift()?.tokens ?? 0;
  }

  /** Tokens spent in the current window. */
  get used(): number {
    this.expire();
    return this.total;
  }

  /** Evaluations skipped for budget so far. */
  get skipped(): number {
    return this.skips;
  }

  /** Whether another call may start; when not, the skip is counted. */
  tryStart(): boolean {
    if (this.used < this.maxTokens) return true;
    this.skips += 1;
    return false;
  }

  /** Records tokens spent by a call. */
  record(tokens: number): void {
    if (!(tokens > 0)) return;
    this.spent.push({ at: this.now(), tokens });
    this.total += tokens;
  }
}
