/**
 * The EvaluatingSpanProcessor: registered in the application's OpenTelemetry SDK (before the exporting
 * BatchSpanProcessor), it matches finished LLM, tool and agent spans against rules and evaluates them
 * off the hot path, emitting the results as OpenTelemetry signals.
 *
 * Hooks never throw and never await: a span no rule matches costs a classification and a few
 * comparisons; a matched span is referenced (ended spans are immutable), queued, and the hook returns.
 */
import type { Context } from '@opentelemetry/api';
import { context, diag } from '@opentelemetry/api';
import { optionsFromEnv } from '../config/from-env.ts';
import type { ConfigOverrides } from '../config/from-env.ts';
import { suppressTracing } from '../core/suppress-tracing.ts';
import { createEmitter } from '../emit/index.ts';
import type { Emitter } from '../emit/types.ts';
import { classifySpan, isOwnSpan } from '../extract/index.ts';
import type { SpanClassification, SpanLike } from '../extract/types.ts';
import { buildOutcome, prepareInput, runEvaluators, runRemainingEvaluators } from './evaluate.ts';
import type { EvaluationJob } from './evaluate.ts';
import { evaluateInline, InlineBudget } from './inline.ts';
import { PARENT_ROLES } from './match.ts';
import { resolveProcessorOptions } from './options.ts';
import type { ResolvedOptions, ResolvedRule } from './options.ts';
import { RecentIds } from './recent-ids.ts';
import { isSampled } from './sampling.ts';
import { TraceBuffer } from './trace-buffer.ts';
import type { EvaluatingSpanProcessorOptions, SpanProcessorLike, WritableSpanLike } from './types.ts';
import type { JobState } from './work-queue.ts';
import { WorkQueue } from './work-queue.ts';

const NO_RULES: readonly ResolvedRule[] = [];
/** Span ids remembered to ignore a second end of the same span. */
const RECENT_SPAN_CAPACITY = 8192;
/** Grace on top of the evaluators' timeout for extraction, storage and emission of one job. */
const JOB_TIMEOUT_GRACE_MILLIS = 1000;
/** The W3C sampled bit of trace flags. */
const TRACE_FLAG_SAMPLED = 1;

/**
 * Evaluates matched spans with the configured rules and emits span attributes (inline, when every
 * evaluator of the rule is synchronous), `gen_ai.evaluation.result` events, evaluation spans and
 * metrics. Construction validates the options and throws InvalidEvaluatorConfigError listing every
 * problem; nothing else throws.
 */
export class EvaluatingSpanProcessor implements SpanProcessorLike {
  private readonly options: ResolvedOptions;
  private readonly rules: readonly ResolvedRule[];
  private readonly queue: WorkQueue<EvaluationJob>;
  private readonly buffer: TraceBuffer | undefined;
  /** Highest sample rate of the rules that target agents: traces outside it are not buffered. */
  private readonly agentSample: number;
  /** `evaluateUnsampled: false`: spans without the sampled flag are neither evaluated nor buffered. */
  private readonly skipUnsampled: boolean;
  private readonly recent = new RecentIds(RECENT_SPAN_CAPACITY);
  private readonly inline: InlineBudget;
  private emitterInstance: Emitter | undefined;
  /** The span last seen in `onEnding`: its `onEnd` has nothing left to do. */
  private endingSpan: SpanLike | undefined;
  private shutdownPromise: Promise<void> | undefined;
  private errorWarned = false;

  constructor(options: EvaluatingSpanProcessorOptions) {
    this.options = resolveProcessorOptions(options);
    this.rules = this.options.rules;
    const agentRules = this.rules.filter((rule) => rule.match.targetsAgents);
    this.agentSample = agentRules.reduce((max, rule) => Math.max(max, rule.sample), 0);
    this.skipUnsampled = !this.options.evaluateUnsampled;
    this.buffer = agentRules.length > 0 ? new TraceBuffer(this.options.traceBuffer, (count) => this.emitter.recordDropped('buffer_evicted', count)) : undefined;
    this.inline = new InlineBudget(this.options.emit.spanAttributes ? this.options.inlineBudgetMicros : 0);
    this.queue = new WorkQueue<EvaluationJob>({
      maxQueueSize: this.options.maxQueueSize,
      concurrency: this.options.concurrency,
      timeoutMillis: this.options.evaluationTimeoutMillis + JOB_TIMEOUT_GRACE_MILLIS,
      run: (job, state) => this.runJob(job, state),
      onDropped: (reason, count) => this.emitter.recordDropped(reason, count),
      onError: (errorType) => this.emitter.recordError(errorType),
    });
  }

  /**
   * A processor configured by the YAML or JSON file named in `OTEL_EVALS_CONFIG`, with `overrides`
   * (providers, storage) from code; throws InvalidEvaluatorConfigError naming the file and key path.
   */
  static fromEnv(overrides: ConfigOverrides = {}, env: NodeJS.ProcessEnv = process.env): EvaluatingSpanProcessor {
    return new EvaluatingSpanProcessor(optionsFromEnv(overrides, env));
  }

  /**
   * The emitter, created on first use so the global providers are resolved after the SDK registered
   * them (a processor is usually constructed before `NodeSDK.start()`).
   */
  private get emitter(): Emitter {
    if (this.emitterInstance === undefined) {
      const { emit, loggerProvider, meterProvider, tracerProvider } = this.options;
      const emitter = this.options.emitter ?? createEmitter({ ...emit, loggerProvider, meterProvider, tracerProvider });
      this.emitterInstance = emitter;
      emitter.observeQueueSize(() => this.queue.size);
    }
    return this.emitterInstance;
  }

  /** Evaluations waiting in the queue. */
  get queueSize(): number {
    return this.queue.size;
  }

  /** Nothing to do when a span starts. */
  onStart(_span: unknown, _parentContext: Context): void {}

  /** SDK >= 2.3: handles the span while it is still writable, so inline scores land on it. */
  onEnding(span: WritableSpanLike): void {
    this.endingSpan = span;
    this.handle(span, span);
  }

  /** Handles spans the SDK did not pass to `onEnding` (older SDKs); otherwise returns at once. */
  onEnd(span: SpanLike): void {
    if (span === this.endingSpan) {
      this.endingSpan = undefined;
      return;
    }
    this.handle(span, undefined);
  }

  /** Resolves when the evaluations queued or running at the call have finished and been emitted. */
  forceFlush(): Promise<void> {
    return this.queue.flush();
  }

  /**
   * Runs once (later calls return the same promise): refuses new work (counted as dropped with reason
   * `shutdown`), emits at once, before returning, the queued evaluations that already ran inline, waits
   * for queued and running evaluations up to `shutdownTimeoutMillis`, then drops and counts what is
   * left. The providers are not shut down: they belong to the application.
   */
  shutdown(): Promise<void> {
    this.shutdownPromise ??= this.drain();
    return this.shutdownPromise;
  }

  private async drain(): Promise<void> {
    this.queue.close();
    try {
      // NodeSDK shuts every span processor down in the same tick, the exporting one right after this
      // one: what is emitted now still reaches it; what finishes later does not.
      this.emitFinished();
      await this.queue.drain(this.options.shutdownTimeoutMillis);
      this.buffer?.clear();
    } catch (error) {
      this.countError('processor_error', error);
    }
  }

  /** Emits the queued evaluations that need no more work (scored inline), ahead of their turn. */
  private emitFinished(): void {
    this.queue.forEachQueued((job) => {
      if (job.done === undefined || job.emitted === true) return;
      job.emitted = true;
      this.emitter.emit(job.done.record);
    });
  }

  private handle(span: SpanLike, writable: WritableSpanLike | undefined): void {
    try {
      const classification = classifySpan(span);
      const rules = this.matchingRules(span, classification);
      if (rules !== NO_RULES) {
        if (isOwnSpan(span)) {
          this.emitter.recordSkipped('own_span');
          return;
        }
        this.dispatch(span, classification, rules, writable);
      }
      // After shutdown nothing is buffered: no agent span will be evaluated any more.
      if (this.buffer !== undefined && !this.queue.isClosed) this.track(this.buffer, span, classification);
    } catch (error) {
      this.countError('processor_error', error);
    }
  }

  private matchingRules(span: SpanLike, classification: SpanClassification | undefined): readonly ResolvedRule[] {
    let matched: ResolvedRule[] | undefined;
    for (const rule of this.rules) {
      if (!rule.match.test(span, classification)) continue;
      (matched ??= []).push(rule);
    }
    return matched ?? NO_RULES;
  }

  private dispatch(span: SpanLike, classification: SpanClassification | undefined, rules: readonly ResolvedRule[], writable: WritableSpanLike | undefined): void {
    const { traceId, spanId, traceFlags } = span.spanContext();
    if (this.skipUnsampled && (traceFlags & TRACE_FLAG_SAMPLED) === 0) {
      this.emitter.recordSkipped('unsampled');
      return;
    }
    if (!this.recent.add(traceId + spanId)) {
      this.emitter.recordSkipped('ended_twice');
      return;
    }
    let descendants: readonly SpanLike[] | undefined;
    if (classification !== undefined && PARENT_ROLES.has(classification.role) && this.buffer !== undefined) descendants = this.buffer.descendants(traceId, spanId);
    for (const rule of rules) {
      if (!isSampled(traceId, rule.sample)) {
        this.emitter.recordSkipped('sampled_out');
        continue;
      }
      const job: EvaluationJob = { rule, span, classification, descendants };
      if (writable !== undefined && this.inline.allows(rule) && !this.queue.isClosed) this.runInline(job, writable);
      else this.queue.push(job);
    }
  }

  private runInline(job: EvaluationJob, span: WritableSpanLike): void {
    let result: ReturnType<typeof evaluateInline>;
    try {
      result = evaluateInline(job, span, this.inline, this.options.inputLimits);
    } catch (error) {
      // A throwing groundTruth function, or extraction failing: this rule only; the others go on.
      this.countError('extraction_error', error);
      return;
    }
    if (this.inline.isDemoted(job.rule) && !job.rule.demotionLogged) {
      job.rule.demotionLogged = true;
      diag.info(`otel-evals: rule "${job.rule.name}" exceeded the inline budget of ${this.inline.budgetMicros} µs; its spans are evaluated from the queue from now on`);
    }
    if (result.kind === 'skip') {
      this.emitter.recordSkipped(result.reason);
      return;
    }
    if (result.kind === 'done') job.done = result.outcome;
    else if (result.kind === 'partial') job.partial = result.part;
    // Scores are on the span by now; if the queue is full, the events, evaluation span and metrics of
    // this evaluation are dropped and counted as queue_full like any other.
    this.queue.push(job);
  }

  private track(buffer: TraceBuffer, span: SpanLike, classification: SpanClassification | undefined): void {
    const spanContext = span.spanContext();
    const parent = span.parentSpanContext;
    const isLocalRoot = parent === undefined || parent.isRemote === true;
    const wanted = !this.skipUnsampled || (spanContext.traceFlags & TRACE_FLAG_SAMPLED) !== 0;
    if (classification !== undefined && !isLocalRoot && wanted && isSampled(spanContext.traceId, this.agentSample) && !isOwnSpan(span)) {
      buffer.add(spanContext.traceId, spanContext.spanId, parent.spanId, span);
    } else if (!isLocalRoot && buffer.has(spanContext.traceId) && !isOwnSpan(span)) {
      buffer.link(spanContext.traceId, spanContext.spanId, parent.spanId);
    }
    if (isLocalRoot && buffer.has(spanContext.traceId)) buffer.release(spanContext.traceId);
  }

  private async runJob(job: EvaluationJob, state: JobState): Promise<void> {
    let outcome = job.done;
    if (outcome === undefined && job.partial !== undefined) {
      const part = job.partial;
      const suppressed = suppressTracing(context.active());
      const execution = await context.with(suppressed, () => runRemainingEvaluators(part, job.rule, this.options.evaluationTimeoutMillis));
      outcome = buildOutcome(job, part.input, execution, part.startTimeMs, performance.now() - part.started);
    } else if (outcome === undefined) {
      const startTimeMs = Date.now();
      const started = performance.now();
      const suppressed = suppressTracing(context.active());
      let prepared: ReturnType<typeof prepareInput>;
      try {
        prepared = context.with(suppressed, () => prepareInput(job, this.options.inputLimits));
      } catch (error) {
        this.countError('extraction_error', error);
        return;
      }
      if ('skip' in prepared) {
        this.emitter.recordSkipped(prepared.skip);
        return;
      }
      const input = prepared.input;
      const execution = await context.with(suppressed, () => runEvaluators(input, job.rule, this.options.evaluationTimeoutMillis));
      outcome = buildOutcome(job, input, execution, startTimeMs, performance.now() - started);
    }
    if (state.timedOut) return;
    // Emission is not suppressed: the evaluation span must be recorded.
    if (job.emitted !== true) this.emitter.emit(outcome.record);
    const storage = this.options.storageProvider;
    if (storage === undefined) return;
    const aggregated = outcome.aggregated;
    try {
      await context.with(suppressTracing(context.active()), () => storage.saveResult(aggregated));
    } catch (error) {
      this.countError('storage_error', error);
    }
  }

  private countError(errorType: string, error: unknown): void {
    try {
      this.emitter.recordError(errorType);
      if (!this.errorWarned) {
        this.errorWarned = true;
        diag.warn(`otel-evals: ${errorType} in the span processor; further errors are counted in otel_evals.evaluations.errors only`, error);
      }
    } catch {
      // Counting must never reach the application.
    }
  }
}
