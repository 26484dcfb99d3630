import { describe, expect, it } from 'vitest'
import { namesOf } from './names.ts'

describe('a plan\'s names from the console form', () => {
  it('keeps English and reads "code = name" lines, skipping what is not one', () => {
    expect(namesOf('Steady', 'de_DE = Stetig\n\nzh_CN=稳健 = 计划\nnonsense\n = nameless')).toEqual({ en_US: 'Steady', de_DE: 'Stetig', zh_CN: '稳健 = 计划' })
  })
})
