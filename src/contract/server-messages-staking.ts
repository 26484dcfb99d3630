// Server messages of node staking (server/modules/staking); spread into serverMessages (server-messages.ts). Each entry
// is marked /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const stakingMessages = {
  stakingEnterAmount: /*i18n*/ { id: 'server.staking.enterAmount', message: 'Enter an amount to add' },
  stakingSoldOut: /*i18n*/ {
    id: 'server.staking.soldOut',
    message: 'Sold out: the reserve cannot cover the rewards and bonus of this amount now. Try a smaller amount or later.',
  },
  stakingActivityNotFound: /*i18n*/ { id: 'server.staking.activityNotFound', message: 'This staking activity does not exist' },
  stakingNotOnOffer: /*i18n*/ { id: 'server.staking.notOnOffer', message: 'This staking activity takes no new amounts now' },
  stakingPledgeNotFound: /*i18n*/ { id: 'server.staking.pledgeNotFound', message: 'This staking does not exist' },
  stakingNotReached: /*i18n*/ { id: 'server.staking.notReached', message: 'The agreed amount is not reached yet' },
  stakingAlreadyActive: /*i18n*/ { id: 'server.staking.alreadyActive', message: 'This staking is already activated' },
  stakingNotActive: /*i18n*/ { id: 'server.staking.notActive', message: 'Apply for activation first' },
  stakingBonusReceived: /*i18n*/ { id: 'server.staking.bonusReceived', message: 'The bonus has already been received' },
  stakingEnded: /*i18n*/ { id: 'server.staking.ended', message: 'This staking has already ended' },
  stakingNameRequired: /*i18n*/ { id: 'server.staking.nameRequired', message: 'An English (en_US) name is required' },
  stakingClosed: /*i18n*/ { id: 'server.staking.closed', message: 'A closed activity cannot be opened again' },
  // Reasons shown in the transaction record.
  reasonStakingAdd: /*i18n*/ { id: 'server.ledger.reason.staking.add', message: 'Staking amount added' },
  reasonStakingBonus: /*i18n*/ { id: 'server.ledger.reason.staking.bonus', message: 'Staking bonus' },
  reasonStakingReward: /*i18n*/ { id: 'server.ledger.reason.staking.reward', message: 'Staking reward' },
  reasonStakingEnd: /*i18n*/ { id: 'server.ledger.reason.staking.end', message: 'Staking ended: amount returned' },
  reasonStakingWithdraw: /*i18n*/ { id: 'server.ledger.reason.staking.withdraw', message: 'Staking withdrawn' },
} as const
