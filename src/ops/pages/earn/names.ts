/** "de_DE = Stetig" lines: the plan's name in other languages (server language codes); others show the English one. */
export function namesOf(english: string, lines: string): Record<string, string> {
  const names: Record<string, string> = { en_US: english }
  for (const line of lines.split('\n')) {
    const at = line.indexOf('=')
    const [code, name] = [line.slice(0, at).trim(), line.slice(at + 1).trim()]
    if (at > 0 && code && name) names[code] = name
  }
  return names
}
