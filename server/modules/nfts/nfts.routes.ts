// NFT auctions: the public reads, the caller's bids and funds, bidding and buying now (money: an Idempotency-Key
// each), the console's charities and items, and GET /api/render/<id>: the item's ERC-721 metadata JSON (bare, so a
// later mint's token URI can point at it; failures are the envelope) and /api/render/<id>/image, its picture.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { RENDER_PREFIX, nftApi, type NftMetadata } from '#contract/nfts.ts'
import { opsNftsApi } from '#contract/ops-nfts.ts'
import { AppError } from '../../app-error.ts'
import { languageOf } from '../../plugins/errors.ts'
import { route } from '../../route.ts'
import { opsRoute } from '../ops/ops-route.ts'
import { sendPicture } from '../uploads/uploads.routes.ts'
import { contentImageById } from '../uploads/uploads.service.ts'
import { closeItem, opsCharityList, opsItemPage, saveCharity, saveItem } from './nfts.ops.ts'
import { buyNow, charityList, charityPage, itemPage, myNfts, oneItem, placeBid } from './nfts.service.ts'
import { itemById } from './nfts.view.ts'

const originOf = (app: FastifyInstance, request: FastifyRequest) => app.conf.publicOrigin ?? `${request.protocol}://${request.host}`
const ID = /^\d{1,15}$/

export function registerNftRoutes(app: FastifyInstance) {
  route(app, nftApi.list, ({ query, request }) => itemPage(app, query, languageOf(request)))
  route(app, nftApi.item, ({ query, request }) => oneItem(app, query.id, languageOf(request)))
  route(app, nftApi.charities, () => charityList(app))
  route(app, nftApi.charity, ({ query, request }) => charityPage(app, query, languageOf(request)))
  route(app, nftApi.mine, ({ user }) => myNfts(app, user))
  route(app, nftApi.bid, ({ user, body, idempotencyKey, request }) => placeBid(app, user, body, idempotencyKey, languageOf(request)))
  route(app, nftApi.buyNow, ({ user, body, idempotencyKey, request }) => buyNow(app, user, body.id, idempotencyKey, languageOf(request)))

  opsRoute(app, opsNftsApi.charities, () => opsCharityList(app))
  opsRoute(app, opsNftsApi.saveCharity, ({ operator, body }) => saveCharity(app, operator, body))
  opsRoute(app, opsNftsApi.items, ({ query, request }) => opsItemPage(app, query, languageOf(request)))
  opsRoute(app, opsNftsApi.saveItem, ({ operator, body, request }) => saveItem(app, operator, body, languageOf(request)))
  opsRoute(app, opsNftsApi.close, ({ operator, body, request }) => closeItem(app, operator, body.id, languageOf(request)))

  const rateLimit = { max: app.conf.rateLimit.max, timeWindow: app.conf.rateLimit.timeWindowMs }
  app.route({
    method: 'GET',
    url: `${RENDER_PREFIX}:id`,
    config: { rateLimit },
    handler: async (request, reply) => {
      const { id } = request.params as { id: string }
      if (!ID.test(id)) throw new AppError(400, 'invalidInput', { field: 'id' })
      const item = await oneItem(app, id, languageOf(request))
      const origin = originOf(app, request)
      const metadata: NftMetadata = {
        name: item.title,
        description: item.story,
        image: `${origin}${item.image}`,
        external_url: `${origin}/nfts?item=${item.id}`,
        attributes: [
          { trait_type: 'Creator', value: item.creator },
          { trait_type: 'Chain', value: item.chain },
          { trait_type: 'Charity', value: item.charity.name },
          ...(item.contractAddress ? [{ trait_type: 'Contract', value: item.contractAddress }] : []),
          ...(item.tokenId ? [{ trait_type: 'Token ID', value: item.tokenId }] : []),
          ...(item.saleAmount ? [{ trait_type: `Donated (${item.currency})`, value: item.saleAmount }] : []),
        ],
      }
      return reply.header('cache-control', 'public, max-age=60').type('application/json; charset=utf-8').send(JSON.stringify(metadata))
    },
  })
  app.route({
    method: 'GET',
    url: `${RENDER_PREFIX}:id/image`,
    config: { rateLimit },
    handler: async (request, reply) => {
      const { id } = request.params as { id: string }
      if (!ID.test(id)) throw new AppError(400, 'invalidInput', { field: 'id' })
      const item = await itemById(app.db, Number(id))
      const upload = item ? await contentImageById(app.db, item.imageUploadId) : null
      const bytes = upload ? await app.uploads.get(upload.id) : null
      if (!upload || !bytes) throw new AppError(404, 'nftNotFound')
      return sendPicture(reply.header('cache-control', 'public, max-age=86400').header('etag', `"${upload.sha256}"`), upload, bytes)
    },
  })
}
