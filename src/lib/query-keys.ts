// Every React Query key root, in one place (docs/conventions.md, "Data in the app"), so the socket's refresh
// (src/app/realtime.tsx) and the screens name the same keys.
//
// Public roots hold what anyone may see. Private keys start with ['user', userId] (never the token): two users can
// never share a key, and one removeQueries({ queryKey: userKeys.all() }) forgets every user's data at sign-out or
// account change (src/app/private-data.ts). A null id (signed out, or not known yet) is a key no query fetches for
// (see asUser in private-query.ts).
export type UserId = string | null

export const publicKeys = {
  config: () => ['config'] as const,
  market: () => ['market'] as const,
  /** Currencies and their networks with deposit and withdrawal terms (/getCurrencyContainsNetList). */
  funds: () => ['funds'] as const,
  /** Published news articles (/getAllInformation, /getArticles), per language. */
  news: () => ['news'] as const,
  /** The sign-in providers this server offers (Google, Facebook). */
  signInProviders: () => ['sign-in-providers'] as const,
  /** Published documents, help answers and partners, per reader language (/getDocument, /getText, /getPartners). */
  content: () => ['content'] as const,
  /** Charity NFT auctions: items, charities and their donations, per language (/nft/...). */
  nft: () => ['nft'] as const,
}

export const userKeys = {
  all: () => ['user'] as const,
  of: (userId: UserId) => [...userKeys.all(), userId] as const,
  account: (userId: UserId) => [...userKeys.of(userId), 'account'] as const,
  balance: (userId: UserId) => [...userKeys.of(userId), 'balance'] as const,
  records: (userId: UserId) => [...userKeys.of(userId), 'records'] as const,
  messages: (userId: UserId) => [...userKeys.of(userId), 'messages'] as const,
  invite: (userId: UserId) => [...userKeys.of(userId), 'invite'] as const,
  orders: (userId: UserId) => [...userKeys.of(userId), 'orders'] as const,
  limitOrders: (userId: UserId) => [...userKeys.orders(userId), 'limit'] as const,
  /** The trading account (margin, equity): refreshed by order_update (under orders) and by balance_update. */
  tradeAccount: (userId: UserId) => [...userKeys.orders(userId), 'account'] as const,
  favourites: (userId: UserId) => [...userKeys.of(userId), 'favourites'] as const,
  /** Deposits: under the balance, so balance_update refreshes them too; deposit_update refreshes them alone. */
  deposits: (userId: UserId) => [...userKeys.balance(userId), 'deposits'] as const,
  /** Identity verification: refreshed by kyc_update. */
  kyc: (userId: UserId) => [...userKeys.of(userId), 'kyc'] as const,
  /** Google and Facebook identities linked to the account. */
  linkedProviders: (userId: UserId) => [...userKeys.of(userId), 'linked-providers'] as const,
  /** The support chat and its unread count: refreshed by support_message. */
  support: (userId: UserId) => [...userKeys.of(userId), 'support'] as const,
  /** Which versions of the terms and risk warning the user accepted (the live-money gate). */
  legal: (userId: UserId) => [...userKeys.of(userId), 'legal'] as const,
}
