// The server's answer to a refused form (its msg, already in the user's language), shown above the buttons.
export function FormError({ error }: { error: Error | null }) {
  if (!error) return null
  return (
    <p role="alert" className="error-text">
      {error.message}
    </p>
  )
}
