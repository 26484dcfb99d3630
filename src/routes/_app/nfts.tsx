import { createFileRoute } from '@tanstack/react-router'
import { CharityScreen } from '../../features/nft/components/charity-screen.tsx'
import { NftDetail } from '../../features/nft/components/nft-detail.tsx'
import { NftList } from '../../features/nft/components/nft-list.tsx'

type Search = { item?: number; charity?: number }

// /nfts lists the auctions; ?item=<id> opens one, ?charity=<id> a charity's page with its donations. Kept this small:
// it is in the first visit's bundle (the component is not); the server refuses an id that is not one (400).
const validateSearch = (s: Record<string, unknown>): Search => ({ item: Number(s.item) || undefined, charity: Number(s.charity) || undefined })

export const Route = createFileRoute('/_app/nfts')({ validateSearch, component: NftsRoute })

function NftsRoute() {
  const { item, charity } = Route.useSearch()
  if (item) return <NftDetail id={String(item)} />
  if (charity) return <CharityScreen id={String(charity)} />
  return <NftList />
}
