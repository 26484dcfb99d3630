// The floor for bench:start: a bare Fastify server answering GET /api/queryLanguageList with a fixed list, started
// the way the real one is (node running a .ts file), so the bench can say how far above plain Node + Fastify the
// real start-up is.
import Fastify from 'fastify'

const app = Fastify()
app.get('/api/queryLanguageList', async () => ({ code: 0, data: [{ code: 'en_US', name: 'English' }] }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
