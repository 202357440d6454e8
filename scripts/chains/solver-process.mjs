// Starts remote-solver.mjs in a process of its own (what `npm start` and the end-to-end suites
// quote through) and hands back a handle shaped like an in-process solver loop (solver.mjs
// startSolver): {id, address, intents, events, waitFor, stop}, plus its quoting `url`, the
// `quotes` it answered ({request, status, answer | error}) and the child's `pid`. Its intents
// are snapshots (recordSnapshot) the child sends as they change.
import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { waitForState } from './solver.mjs';

const PROGRAM = fileURLToPath(new URL('./remote-solver.mjs', import.meta.url));
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * @param options.solverId the LOCAL_SOLVERS record it runs
 * @param options.fill false: it only quotes (no solver loop)
 * @param options.loopOptions the solver loop's options (pollMs, txWaitMs, maxAttempts, fromBlock)
 */
export async function startRemoteSolver({ chains, solverId, fill = true, loopOptions = {}, log = (line) => console.log(line) }) {
  const child = fork(PROGRAM, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const intents = new Map();
  const events = new EventEmitter();
  const quotes = [];
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`solver ${solverId} did not start within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    child.on('message', (message) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(message);
      } else if (message.type === 'failed') {
        clearTimeout(timer);
        reject(new Error(`solver ${solverId} failed to start: ${message.message}`));
      } else if (message.type === 'log') {
        log(message.line);
      } else if (message.type === 'quote') {
        quotes.push(message.quote);
        events.emit('quote', message.quote);
      } else if (message.type === 'record') {
        intents.set(message.record.intentHash, message.record);
        events.emit(message.event, message.record);
      }
    });
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`solver ${solverId} exited (${signal ?? code}) before it was ready`));
    });
  });
  child.send({ type: 'start', chains, solverId, fill, loopOptions });
  let started;
  try {
    started = await ready;
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  async function stop() {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.send({ type: 'stop' });
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }

  return {
    id: solverId,
    address: started.address,
    url: started.url,
    pid: child.pid,
    intents,
    events,
    quotes,
    waitFor: (intentHash, states, timeoutMs) => waitForState({ intents, events }, intentHash, states, timeoutMs),
    stop,
  };
}
