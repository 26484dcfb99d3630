// Users: search by wallet address, e-mail or id; a user's page opens with ?id=<user id>.
import { useState, type FormEvent } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { opsConsoleApi } from '#contract/ops.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { IconSearch } from '../../../components/ui/icons.tsx'
import { List, ListRow } from '../../../components/ui/list-row.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { formatDateTime } from '../../../lib/format.ts'
import { opsCall } from '../../api.ts'
import { Pager } from '../../components/pager.tsx'
import { UserDetail } from './user-detail.tsx'

const SIZE = 20

export default function UsersPage() {
  const search = useSearch({ strict: false }) as { id?: string; q?: string }
  return search.id ? <UserDetail id={search.id} /> : <UserSearch initial={search.q ?? ''} />
}

function UserSearch({ initial }: { initial: string }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const [draft, setDraft] = useState(initial)
  const [page, setPage] = useState(1)
  const q = initial
  const users = useQuery({
    queryKey: ['ops', 'users', q, page],
    queryFn: () => opsCall(opsConsoleApi.users, { query: { q, page, size: SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setPage(1)
    void navigate({ to: '/users' as '/', search: (draft.trim() ? { q: draft.trim() } : {}) as never })
  }
  return (
    <>
      <PageHeader title={<Trans>Users</Trans>} />
      <form className="ops-filter" onSubmit={submit} role="search">
        <TextField
          label={t`Wallet address, e-mail or user id`}
          type="search"
          autoCapitalize="none"
          spellCheck={false}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit">
          <IconSearch size={18} />
          <Trans>Search</Trans>
        </Button>
      </form>
      {users.isPending ? (
        <SkeletonRows rows={8} />
      ) : users.isError ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.list.length === 0 ? (
        <EmptyState title={q ? <Trans>No user matches “{q}”</Trans> : <Trans>No users yet</Trans>} />
      ) : (
        <>
          <p className="small muted">
            <Plural value={users.data.total} one="# user" other="# users" />
          </p>
          <Card flush>
            <List label={t`Users`}>
              {users.data.list.map((user) => (
                <ListRow
                  key={user.id}
                  to="/users"
                  search={{ id: user.id }}
                  label={<span className="mono">{user.address ?? user.email}</span>}
                  detail={
                    <>
                      {user.address && user.email ? `${user.email} · ` : ''}
                      <Trans>Joined {formatDateTime(user.createdAt, i18n.locale)}</Trans>
                    </>
                  }
                  trailing={<Badge tone={user.accountType}>{user.accountType === 'live' ? t`Live` : t`Demo`}</Badge>}
                />
              ))}
            </List>
          </Card>
          <Pager page={page} size={SIZE} total={users.data.total} onPage={setPage} />
        </>
      )}
    </>
  )
}
