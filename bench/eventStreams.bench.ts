/**
 * Issue 25's target for idle change feeds, one of run.ts's benchmarks: 200 event streams open on the server
 * process and nothing changing cost less than 5 % of one core. The server process's CPU time (/proc) is read over
 * a window long enough that every stream gets its heartbeat (EVENTS_HEARTBEAT_SECONDS, 25 s by default) in it, at
 * least 30 s, with the streams open, and over as long with none, before and after them (the baseline: the same
 * process, idle). Half the streams are signed out (a lab terminal, the public pages; as many behind each loopback
 * address as EVENTS_MAX_STREAMS_PER_ADDRESS allows), half signed in as people of each role, each as its own person
 * (an administrator, a store manager, an auditor, a lab's manager or member).
 */
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { signToken } from '../server/src/auth/jwt';
import { insertUser } from '../server/src/db/repositories/users';
import type { LabRole, UserRole } from '../server/src/db/tables';
import { openEventStream, type SseClient } from '../server/src/testing/sseClient';
import { cpuSeconds, shareOfCore } from './cpu';
import { ms, type Measurement } from './report';

const STREAMS = 200;
const TARGET_SHARE = 0.05;

type Person = { role: UserRole; superuser?: true; lab?: LabRole; label: string };

/** The signed-in half, in equal parts. */
const PEOPLE: Person[] = [
  { role: 'store_manager', superuser: true, label: 'administrator' },
  { role: 'store_manager', label: 'store manager' },
  { role: 'auditor', label: 'auditor' },
  { role: 'lab_user', lab: 'manager', label: 'lab manager' },
  { role: 'lab_user', lab: 'member', label: 'lab member' },
];

/** Access tokens for `count` new people, PEOPLE in turn, the lab people spread over the labs. */
async function signedInPeople(app: FastifyInstance, count: number): Promise<string[]> {
  const labs = await app.db.selectFrom('store_consumers').select('id').orderBy('id').execute();
  const run = randomInt(1e9);
  const tokens: string[] = [];
  for (let index = 0; index < count; index++) {
    const person = PEOPLE[index % PEOPLE.length];
    const user = await insertUser(app.db, {
      email: `bench.stream.${run}.${index}@lab.org`,
      first_name: 'Bench',
      last_name: `Stream ${index}`,
      password_hash: 'unused: the benchmark signs its token directly',
      is_superuser: person.superuser === true,
      role: person.role,
    });
    if (person.lab !== undefined) {
      await app.db
        .insertInto('lab_memberships')
        .values({ user_id: user.id, location_id: labs[index % labs.length].id, role: person.lab })
        .execute();
    }
    tokens.push(signToken(app.config.jwtSecret, 'access', user.id, 3600));
  }
  return tokens;
}

/** The server process's CPU seconds over `seconds` of waiting. */
async function cpuOver(pid: number, seconds: number): Promise<number> {
  const before = cpuSeconds(pid);
  await sleep(seconds * 1000);
  return cpuSeconds(pid) - before;
}

/**
 * Waits, up to a minute, for a 2 s stretch in which the process used at most 1 % of a core: a process just
 * started (BENCH_ONLY) or just busy works on for a while, which is no part of any window.
 */
async function quiet(pid: number): Promise<void> {
  for (let tries = 0; tries < 30; tries++) if ((await cpuOver(pid, 2)) <= 0.02) return;
}

interface Streams {
  opened: number;
  openingCpu: number;
  /** CPU seconds over the window. */
  idle: number;
  heartbeats: number;
  everyOneBeat: boolean;
  ended: number;
}

/**
 * The address the `index`th signed-out stream opens from: public terminals, `perAddress` behind each address
 * (EVENTS_MAX_STREAMS_PER_ADDRESS), at 127.0.2.x (Linux routes 127.0.0.0/8 to loopback).
 */
const terminalAddress = (index: number, perAddress: number) =>
  `127.0.2.${1 + Math.floor(index / perAddress)}`;

/** Opens the streams, waits for each to be ready, reads the CPU over the window, and closes them. */
async function withStreams(
  baseUrl: string,
  serverPid: number,
  tokens: readonly string[],
  windowSeconds: number,
  perAddress: number,
): Promise<Streams> {
  const opening = cpuSeconds(serverPid);
  const started = performance.now();
  const streams: SseClient[] = await Promise.all(
    Array.from({ length: STREAMS }, (_, index) =>
      openEventStream(
        baseUrl,
        '/api/events/',
        index < tokens.length
          ? { token: tokens[index] }
          : { localAddress: terminalAddress(index - tokens.length, perAddress) },
      ),
    ),
  );
  try {
    let ended = 0;
    for (const stream of streams) void stream.ended.then(() => (ended += 1));
    const refused = streams.filter((stream) => stream.status !== 200).length;
    if (refused > 0) throw new Error(`${refused} of ${STREAMS} event streams were refused`);
    await Promise.all(streams.map((stream) => stream.next((message) => message.event === 'ready', 30_000)));
    const opened = performance.now() - started;
    const openingCpu = cpuSeconds(serverPid) - opening;
    // What the opening set off (the first poll, garbage) is over before the window starts.
    await sleep(1000);

    const heard = streams.map((stream) => stream.messages.length);
    const idle = await cpuOver(serverPid, windowSeconds);
    const beats = streams.map(
      (stream, index) =>
        stream.messages.slice(heard[index]).filter((message) => message.event === 'comment').length,
    );
    return {
      opened,
      openingCpu,
      idle,
      heartbeats: beats.reduce((sum, count) => sum + count, 0),
      everyOneBeat: beats.every((count) => count > 0),
      ended,
    };
  } finally {
    for (const stream of streams) stream.close();
  }
}

export async function measureIdleStreams(
  app: FastifyInstance,
  baseUrl: string,
  serverPid: number,
): Promise<Measurement[]> {
  // The server process reads the same configuration (benchConfig).
  const heartbeatSeconds = app.config.eventsHeartbeatSeconds;
  const windowSeconds = Math.max(30, heartbeatSeconds + 5);
  const signedIn = STREAMS / 2;
  const tokens = await signedInPeople(app, signedIn);

  // The idle process's own work (a garbage collection long after a busy moment, say) falls in one window or
  // another: the baseline is read before the streams and after them, and the lower one taken.
  await quiet(serverPid);
  const before = await cpuOver(serverPid, windowSeconds);
  const streams = await withStreams(
    baseUrl,
    serverPid,
    tokens,
    windowSeconds,
    app.config.eventsMaxStreamsPerAddress,
  );
  await quiet(serverPid);
  const after = await cpuOver(serverPid, windowSeconds);

  const share = (cpu: number) => shareOfCore(cpu, windowSeconds);
  const cost = streams.idle - Math.min(before, after);
  const kinds = PEOPLE.map((person) => person.label).join(', ');
  return [
    {
      name: `opening ${STREAMS} event streams at once (${STREAMS - signedIn} signed out, ${signedIn} signed in: ${kinds}), to their ready`,
      measured: `${ms(streams.opened)}, server CPU ${ms(streams.openingCpu * 1000)}`,
    },
    {
      name:
        `${STREAMS} idle event streams, the server process's CPU over ${windowSeconds} s (heartbeat every ` +
        `${heartbeatSeconds} s: ${streams.heartbeats} received` +
        (streams.ended > 0 ? `, ${streams.ended} streams ended` : '') +
        `) beside ${windowSeconds} s without them, before and after`,
      measured:
        `${share(streams.idle)} of one core with them, ${share(before)} before and ${share(after)} after: ` +
        `${share(cost)} for the streams (above the lower)`,
      target: `< ${TARGET_SHARE * 100} % of one core, every stream open with its heartbeat`,
      pass: cost / windowSeconds < TARGET_SHARE && streams.everyOneBeat && streams.ended === 0,
    },
  ];
}
