// One user as operators see them: who, what each book holds, the transaction record, sessions (support ends them)
// and a message to them (support).
import { useState, type FormEvent } from 'react'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AccountType } from '#contract/auth.ts'
import { opsConsoleApi, type OpsUserDetail } from '#contract/ops.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { List, ListRow } from '../../../components/ui/list-row.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { Segmented } from '../../../components/ui/segmented.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { formatDateTime, formatPrice } from '../../../lib/format.ts'
import { opsCall } from '../../api.ts'
import { Pager } from '../../components/pager.tsx'
import { operatorMay, useOperator } from '../../session.ts'

const RECORD_SIZE = 20

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback)

export function UserDetail({ id }: { id: string }) {
  const { t, i18n } = useLingui()
  const operator = useOperator()
  const detail = useQuery({ queryKey: ['ops', 'user', id], queryFn: () => opsCall(opsConsoleApi.user, { query: { id } }), staleTime: 0 })
  const support = operatorMay(operator, ['support'])
  if (detail.isPending) {
    return (
      <>
        <PageHeader title={<Trans>User</Trans>} back="/users" />
        <SkeletonRows rows={8} />
      </>
    )
  }
  if (detail.isError) {
    return (
      <>
        <PageHeader title={<Trans>User</Trans>} back="/users" />
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      </>
    )
  }
  const { user } = detail.data
  return (
    <>
      <PageHeader title={<span className="mono">{user.address ?? user.email}</span>} back="/users" />
      <div className="ops-columns">
        <div>
          <Card title={t`Account`} titleId="ops-user-account">
            <dl className="ops-facts">
              <dt>
                <Trans>User id</Trans>
              </dt>
              <dd className="mono">{user.id}</dd>
              <dt>
                <Trans>Wallet address</Trans>
              </dt>
              <dd className="mono">{user.address ?? '—'}</dd>
              <dt>
                <Trans>E-mail</Trans>
              </dt>
              <dd>{user.email ?? '—'}</dd>
              <dt>
                <Trans>Book in use</Trans>
              </dt>
              <dd>
                <Badge tone={user.accountType}>{user.accountType === 'live' ? t`Live` : t`Demo`}</Badge>
              </dd>
              <dt>
                <Trans>Joined</Trans>
              </dt>
              <dd>{formatDateTime(user.createdAt, i18n.locale)}</dd>
            </dl>
          </Card>
          <Balances books={detail.data.books} />
          <Sessions userId={user.id} sessions={detail.data.sessions} canRevoke={support} />
        </div>
        <div>
          {support && <SendMessage userId={user.id} />}
          <Records userId={user.id} />
        </div>
      </div>
    </>
  )
}

function Balances({ books }: { books: OpsUserDetail['books'] }) {
  const { t, i18n } = useLingui()
  return (
    <Card title={t`Balances`} titleId="ops-user-balances">
      {books.map((book) => (
        <section key={book.book} className="ops-book" aria-labelledby={`ops-book-${book.book}`}>
          <h3 id={`ops-book-${book.book}`} className="small">
            {book.book === 'live' ? t`Live book` : t`Demo book`}
          </h3>
          {book.currencies.length === 0 ? (
            <p className="small muted">
              <Trans>Nothing in this book</Trans>
            </p>
          ) : (
            <div className="ops-table-wrap">
              <table className="ops-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Currency</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Available</Trans>
                    </th>
                    <th scope="col">
                      <Trans>In use</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Locked</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Total</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {book.currencies.map((c) => (
                    <tr key={c.currency}>
                      <th scope="row">{c.currency}</th>
                      <td>{formatPrice(c.available, i18n.locale)}</td>
                      <td>{formatPrice(c.inUse, i18n.locale)}</td>
                      <td>{formatPrice(c.locked, i18n.locale)}</td>
                      <td>{formatPrice(c.total, i18n.locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </Card>
  )
}

function Sessions({ userId, sessions, canRevoke }: { userId: string; sessions: OpsUserDetail['sessions']; canRevoke: boolean }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ops', 'user', userId] })
  const revoke = useMutation({
    mutationFn: (sessionId: string) => opsCall(opsConsoleApi.revokeSession, { body: { userId, sessionId } }),
    onSuccess: () => toast(t`Session ended`, 'success'),
    onError: (error) => toast(errorText(error, t`The session could not be ended`), 'error'),
    onSettled: refresh,
  })
  const revokeAll = useMutation({
    mutationFn: () => opsCall(opsConsoleApi.revokeAllSessions, { body: { userId } }),
    onSuccess: ({ revoked }) => toast(plural(revoked, { one: '# session ended', other: '# sessions ended' }), 'success'),
    onError: (error) => toast(errorText(error, t`The sessions could not be ended`), 'error'),
    onSettled: refresh,
  })
  const live = sessions.filter((s) => s.live).length
  return (
    <Card
      flush
      title={t`Sessions`}
      titleId="ops-user-sessions"
      actions={
        canRevoke && live > 0 ? (
          <Button variant="secondary" onClick={() => revokeAll.mutate()} loading={revokeAll.isPending}>
            <Trans>End all</Trans>
          </Button>
        ) : undefined
      }
    >
      {sessions.length === 0 ? (
        <EmptyState title={<Trans>Never signed in</Trans>} />
      ) : (
        <List label={t`Sessions`}>
          {sessions.map((session) => (
            <ListRow
              key={session.id}
              testId="ops-session"
              label={<Trans>Signed in {formatDateTime(session.createdAt, i18n.locale)}</Trans>}
              detail={
                session.revokedAt ? <Trans>Ended {formatDateTime(session.revokedAt, i18n.locale)}</Trans> : session.live ? undefined : <Trans>Expired</Trans>
              }
              trailing={
                session.live && canRevoke ? (
                  <Button variant="danger" onClick={() => revoke.mutate(session.id)} loading={revoke.isPending && revoke.variables === session.id}>
                    <Trans>End session</Trans>
                  </Button>
                ) : (
                  <Badge tone={session.live ? 'up' : 'neutral'}>{session.live ? t`Live` : t`Ended`}</Badge>
                )
              }
            />
          ))}
        </List>
      )}
    </Card>
  )
}

function SendMessage({ userId }: { userId: string }) {
  const { t } = useLingui()
  const [title, setTitle] = useState('')
  const [body, setBody] = useState('')
  const [missing, setMissing] = useState(false)
  const send = useMutation({
    mutationFn: () => opsCall(opsConsoleApi.sendMessage, { body: { userId, title: title.trim(), body: body.trim() } }),
    onSuccess: () => {
      toast(t`Message sent`, 'success')
      setTitle('')
      setBody('')
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const incomplete = !title.trim() || !body.trim()
    setMissing(incomplete)
    if (!incomplete) send.mutate()
  }
  return (
    <Card title={t`Send a message`} titleId="ops-user-message">
      <form onSubmit={submit} noValidate className="ops-form">
        <TextField label={t`Title`} maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
        <TextAreaField label={t`Message`} maxLength={5000} value={body} onChange={(e) => setBody(e.target.value)} hint={t`The user finds it in their notifications.`} />
        {(missing || send.isError) && (
          <p className="field-note error" role="alert">
            {missing ? t`Write a title and a message` : errorText(send.error, t`The message could not be sent. Try again.`)}
          </p>
        )}
        <Button type="submit" loading={send.isPending}>
          <Trans>Send</Trans>
        </Button>
      </form>
    </Card>
  )
}

function Records({ userId }: { userId: string }) {
  const { t, i18n } = useLingui()
  const [book, setBook] = useState<AccountType>('live')
  const [page, setPage] = useState(1)
  const records = useQuery({
    queryKey: ['ops', 'user', userId, 'records', book, page],
    queryFn: () => opsCall(opsConsoleApi.userRecords, { query: { id: userId, book, page, size: RECORD_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
  return (
    <Card title={t`Transaction record`} titleId="ops-user-records">
      <Segmented
        label={t`Book`}
        value={book}
        onChange={(next) => {
          setBook(next)
          setPage(1)
        }}
        options={[
          { value: 'live', label: t`Live` },
          { value: 'demo', label: t`Demo` },
        ]}
      />
      {records.isPending ? (
        <SkeletonRows rows={5} />
      ) : records.isError ? (
        <ErrorState error={records.error} onRetry={() => void records.refetch()} compact />
      ) : records.data.list.length === 0 ? (
        <EmptyState title={<Trans>No records in this book</Trans>} />
      ) : (
        <>
          <List label={t`Transaction record`}>
            {records.data.list.map((row) => (
              <ListRow
                key={row.id}
                label={row.text}
                detail={formatDateTime(row.time, i18n.locale)}
                trailing={
                  <span className={row.amount.startsWith('-') ? 'down' : 'up'}>
                    {formatPrice(row.amount, i18n.locale)} {row.currency}
                  </span>
                }
              />
            ))}
          </List>
          <Pager page={page} size={RECORD_SIZE} total={records.data.total} onPage={setPage} />
        </>
      )}
    </Card>
  )
}
