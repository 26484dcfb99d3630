// /smart/financing: fixed-term financing products on the user's current book (the Demo/Live badge says which), each with its
// annual rate, term, range and early-redemption terms; the buy sheet; and the user's own orders. Reached from /smart.
// Signed out, it says what the page is and asks to sign in.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { FinancingProduct } from '#contract/financing.ts'
import { localName } from '../../../components/earn/figures.tsx'
import { OfferItem, investment } from '../../../components/earn/list.tsx'
import { EarnScreen } from '../../../components/earn/screen.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useSession } from '../../../lib/session.ts'
import { financingQueries } from '../api.ts'
import { BuySheet } from './buy-sheet.tsx'
import { MyOrders } from './my-orders.tsx'
import { useTermFigures } from './terms.tsx'

function ProductList({ products, onBuy }: { products: FinancingProduct[]; onBuy: (p: FinancingProduct) => void }) {
  const { t } = useLingui()
  const f = useFormat()
  const termFigures = useTermFigures()
  return (
    <Card title={t`Products`} titleId="fin-products-title">
      {products.length === 0 ? (
        <EmptyState title={<Trans>No products on offer now</Trans>} />
      ) : (
        <ul className="earn-list" data-testid="fin-products">
          {products.map((p) => (
            <OfferItem
              key={p.id}
              offer={p}
              testId={`fin-product-${p.id}`}
              prefix="fin"
              name={localName(p.names, f.locale)}
              figures={[...termFigures(p), investment(p)]}
              onBuy={() => onBuy(p)}
            />
          ))}
        </ul>
      )}
    </Card>
  )
}

export function FinancingScreen() {
  const { t } = useLingui()
  const userId = useSession((s) => s.userId)
  const token = useSession((s) => s.token)
  const products = useQuery(financingQueries.products(token ? userId : null))
  const [buying, setBuying] = useState<FinancingProduct | null>(null)
  return (
    <EarnScreen
      title={t`Financing`}
      testId="fin"
      lead={
        <Trans>
          Financing pays a fixed annual rate on your amount for a fixed term, then returns the amount with the interest. You
          can redeem early on the disclosed terms. Interest is paid from the platform's funded reserve: a product is sold
          only while the reserve can pay it in full.
        </Trans>
      }
      query={token ? products : null}
      signIn={<Trans>Sign in to see the products and buy one</Trans>}
      offers={(data) => <ProductList products={data.products} onBuy={setBuying} />}
    >
      <MyOrders />
      {buying && <BuySheet product={buying} onClose={() => setBuying(null)} />}
    </EarnScreen>
  )
}
