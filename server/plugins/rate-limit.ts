// Per-IP request limits on the API routes (route() sets each route's max). In-process counters by default; with
// Redis the counters are shared, so a client cannot multiply its allowance by hitting several processes; their keys
// start with the deployment's name (DEPLOYMENT_NAME), like the socket channels, so two deployments on one Redis keep
// their own counters.
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { AppError } from '../app-error.ts'

export async function registerRateLimit(app: FastifyInstance, redis: Redis | null, timeWindowMs: number, deploymentName: string) {
  await app.register(rateLimit, {
    // Only routes that ask (route() does) are limited; static files and the socket are not.
    global: false,
    timeWindow: timeWindowMs,
    ...(redis ? { redis, nameSpace: `${deploymentName}:rl:` } : {}),
    // A Redis outage must not take the API down with it.
    skipOnError: true,
    errorResponseBuilder: () => new AppError(429, 'rateLimited'),
  })
}
