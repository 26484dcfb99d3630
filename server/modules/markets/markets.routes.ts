import type { FastifyInstance } from 'fastify'
import { marketsApi } from '#contract/markets.ts'
import { route } from '../../route.ts'
import { favourites, indexData, isFavourite, klines, productByPid, productBySymbol, productList, setFavourite } from './markets.service.ts'

export function registerMarketRoutes(app: FastifyInstance) {
  route(app, marketsApi.getProdList, () => productList(app))
  route(app, marketsApi.getProdInfoByPid, ({ query }) => productByPid(app, query.pid))
  route(app, marketsApi.getProdInfoByCode, ({ query }) => productBySymbol(app, query.code))
  route(app, marketsApi.getIndexDataV2, () => indexData(app))
  route(app, marketsApi.getKline, ({ query }) => klines(app, query))
  route(app, marketsApi.checkUserCollect, async ({ user, query }) => ({ collected: await isFavourite(app.db, user.id, query.code) }))
  route(app, marketsApi.getUserCollectList, ({ user }) => favourites(app.db, user.id))
  route(app, marketsApi.userCollect, ({ user, body }) => setFavourite(app.db, user.id, body.symbol, body.collect))
}
