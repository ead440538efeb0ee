#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import { ApplyError, applyFiles, describeApply, parseApplyArgs } from './apply.ts';
import { ConfigError, parseConfig } from './config.ts';
import { jsonLogger } from './http/logging.ts';
import { ResourceLoadError } from './resources/loader.ts';
import {
  describeRotation,
  parseRotateArgs,
  RotateError,
  rotateStoredSecrets,
} from './secretsRotate.ts';
import { startServer, StartupError } from './server.ts';

// Every failure a user can cause ends in one line on stderr and exit code 1, never a stack trace.
function fail(message: string): never {
  process.stderr.write(`opsdeck-server: ${message}\n`);
  process.exit(1);
}

// `opsdeck-server apply -f FILE…` (issue 35): loads resource files once and exits.
async function apply(argv: string[]) {
  process.umask(0o077);
  try {
    const summary = await applyFiles(parseApplyArgs(argv, process.env));
    for (const line of describeApply(summary)) process.stdout.write(`${line}\n`);
  } catch (error) {
    if (error instanceof ApplyError || error instanceof ResourceLoadError)
      fail(`apply: ${error.message}`);
    fail(`apply: ${(error as Error).message}`);
  }
}

// `opsdeck-server secrets rotate` (issue 36): re-seals the stored secrets under a new key and exits.
async function secrets(argv: string[]) {
  process.umask(0o077);
  try {
    const summary = await rotateStoredSecrets(parseRotateArgs(argv, process.env));
    for (const line of describeRotation(summary)) process.stdout.write(`${line}\n`);
  } catch (error) {
    if (error instanceof RotateError) fail(`secrets: ${error.message}`);
    fail(`secrets: ${(error as Error).message}`);
  }
}

async function main() {
  if (process.argv[2] === 'apply') return apply(process.argv.slice(3));
  if (process.argv[2] === 'secrets') return secrets(process.argv.slice(3));
  // What the server creates (data directory, secret key, a playbook's work directory) is its own.
  process.umask(0o077);
  let config;
  try {
    config = parseConfig(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  try {
    const server = await startServer(config, jsonLogger);
    // PGlite is PostgreSQL compiled to WebAssembly. V8 compiles each function first with its
    // baseline compiler, then again with its optimizing one once it grows hot, on background
    // threads; on a small machine those compiles compete with serving while the first pages are
    // used (the catalog's first searches at 100k configs took half as long again on two cores).
    // The server runs for long: from here on, compile each function once, optimized, at its first
    // call. Not sooner: the migrations and the seed, run once, start faster on baseline code.
    if (!config.databaseUrl) setFlagsFromString('--no-liftoff');
    server.log({
      msg: 'listening',
      url: server.url,
      database: config.databaseUrl
        ? 'postgres'
        : config.memory
          ? 'pglite (memory)'
          : `pglite (${config.dataDir})`,
      auth: config.auth,
      playbook_exec: config.playbookExec !== false ? 'on' : 'off (--no-playbook-exec)',
    });
    if (config.publicDemo) {
      server.log({
        level: 'warn',
        msg: `demo mode on ${config.host} (--public-demo): anyone who can reach this address can sign in with the published demo passwords`,
      });
    }
    if (config.seed === 'demo' && config.auth === 'basic') {
      server.log({
        msg: `demo sign-in: admin@local, editor@local, viewer@local, commander@local, responder@local, guest@local / password ${config.demoPassword}`,
      });
    }
    const shutdown = () => {
      void server.close().finally(() => process.exit(0));
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  } catch (error) {
    if (error instanceof StartupError) fail(error.message);
    fail((error as Error).message);
  }
}

void main();
