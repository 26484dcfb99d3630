import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { FOOTER } from './nav-items.ts'

export function Footer() {
  const { i18n } = useLingui()
  return (
    <footer className="footer">
      {FOOTER.map((group) => (
        <section key={group.title.id} className="footer-group">
          <h2>{i18n._(group.title)}</h2>
          <ul>
            {group.links.map((link) => (
              <li key={link.label.id}>
                <Link to={link.to as "/help/{-$type}"} params={link.params ?? {}}>
                  {i18n._(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </footer>
  )
}
