// JSON is the only body the API reads. An empty body counts as no body (clients often send the JSON content type
// on a POST without one), and text/plain is refused with 415 instead of reaching a handler as a string.
import type { FastifyInstance } from 'fastify'

export function registerJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.toString().trim() === '') return done(null, undefined)
    return parseJson(request, body.toString(), done)
  })
}
