// Server messages of the loans module (server/modules/loans): its refusals, and the text of the loan agreement PDF
// (loans.pdf.ts), which is written in the borrower's language from these same catalogs. Spread into serverMessages
// (server-messages.ts). Each entry is marked /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const loansMessages = {
  // The product's own wording: 'perform KYC certification (complete KYC first)'.
  loanKycRequired: /*i18n*/ { id: 'server.loans.kycRequired', message: 'perform KYC certification: loans need a verified identity' },
  loanAmountEmpty: /*i18n*/ { id: 'server.loans.amountEmpty', message: 'enter loan amount' },
  loanAmountInvalid: /*i18n*/ { id: 'server.loans.amountInvalid', message: 'Enter the loan amount as a number, with at most 2 decimals' },
  loanBelowMin: /*i18n*/ { id: 'server.loans.belowMin', message: 'The smallest loan is {min} {currency}' },
  loanAboveMax: /*i18n*/ { id: 'server.loans.aboveMax', message: 'The largest loan for your verification level is {max} {currency}' },
  loanTermInvalid: /*i18n*/ { id: 'server.loans.termInvalid', message: 'Pick one of the offered terms: {terms} days' },
  loanNotFound: /*i18n*/ { id: 'server.loans.notFound', message: 'Loan not found' },
  loanNotSignable: /*i18n*/ { id: 'server.loans.notSignable', message: 'This loan can no longer be signed' },
  loanSignatureInvalid: /*i18n*/ { id: 'server.loans.signatureInvalid', message: 'The signature is not a PNG image: draw it again' },
  loanNotSigned: /*i18n*/ { id: 'server.loans.notSigned', message: 'Not Signed: the borrower has not signed the agreement' },
  loanDecided: /*i18n*/ { id: 'server.loans.decided', message: 'This loan was already decided' },
  loanReserveTooSmall: /*i18n*/ {
    id: 'server.loans.reserveTooSmall',
    message: 'The lending reserve holds {held} {currency}, less than the {amount} {currency} of this loan: fund it first',
  },
  loanNotActive: /*i18n*/ { id: 'server.loans.notActive', message: 'This loan has nothing to repay' },
  loanRepayInsufficient: /*i18n*/ {
    id: 'server.loans.repayInsufficient',
    message: 'You can repay at most {available} {currency} from your live account now',
  },
  loanRepayTooMuch: /*i18n*/ { id: 'server.loans.repayTooMuch', message: 'You owe {owed} {currency}: repay at most that' },
  loanAgreementChanged: /*i18n*/ {
    id: 'server.loans.agreementChanged',
    message: 'The stored agreement no longer matches the hash taken at signing',
  },
  reasonLoanCredit: /*i18n*/ { id: 'server.ledger.reason.loan.credit', message: 'Loan credited' },
  reasonLoanRepayment: /*i18n*/ { id: 'server.ledger.reason.loan.repayment', message: 'Loan repayment' },
  reasonLendingFunding: /*i18n*/ { id: 'server.ledger.reason.lending.funding', message: 'Lending reserve funded' },
  // The agreement (loans.pdf.ts).
  pdfTitle: /*i18n*/ { id: 'server.loans.pdf.title', message: 'Loan agreement' },
  pdfNumber: /*i18n*/ { id: 'server.loans.pdf.number', message: 'Agreement no. {id}, dated {date}' },
  pdfLender: /*i18n*/ { id: 'server.loans.pdf.lender', message: 'Lender: {platform}' },
  pdfBorrower: /*i18n*/ { id: 'server.loans.pdf.borrower', message: 'Borrower: {borrower} (verified identity)' },
  pdfAmount: /*i18n*/ { id: 'server.loans.pdf.amount', message: 'Loan amount: {amount} {currency}' },
  pdfTerm: /*i18n*/ { id: 'server.loans.pdf.term', message: 'Term: {days} days' },
  pdfDailyRate: /*i18n*/ { id: 'server.loans.pdf.dailyRate', message: 'Daily interest rate: {rate}%' },
  pdfInterest: /*i18n*/ { id: 'server.loans.pdf.interest', message: 'Total interest: {interest} {currency}' },
  pdfDueDate: /*i18n*/ { id: 'server.loans.pdf.dueDate', message: 'Repayment date: {date}' },
  pdfTotal: /*i18n*/ { id: 'server.loans.pdf.total', message: 'Total repayment: {total} {currency}' },
  pdfDamages: /*i18n*/ {
    id: 'server.loans.pdf.damages',
    message: 'Liquidated damages for late repayment: {damages} {currency} per day ({rate}% of the loan amount per day)',
  },
  pdfTermsHeading: /*i18n*/ { id: 'server.loans.pdf.termsHeading', message: 'Terms' },
  pdfTerms1: /*i18n*/ {
    id: 'server.loans.pdf.terms1',
    message:
      'The lender credits the loan amount to the borrower\'s live account when an operator approves this signed agreement. The term, and so the repayment date, counts from that day; the date above assumes it is the date of this agreement.',
  },
  pdfTerms2: /*i18n*/ {
    id: 'server.loans.pdf.terms2',
    message:
      'The borrower repays the total repayment by the repayment date, in full or in parts, from their live account. Repaying early does not reduce the interest.',
  },
  pdfTerms3: /*i18n*/ {
    id: 'server.loans.pdf.terms3',
    message:
      'For each whole day the loan stays unpaid after the repayment date, the liquidated damages stated above are added to the amount owed, until it is repaid in full. Nothing else is charged.',
  },
  pdfTerms4: /*i18n*/ {
    id: 'server.loans.pdf.terms4',
    message: 'The loan is paid from the lender\'s lending reserve. This agreement is governed by the terms of service published by the lender.',
  },
  pdfSignature: /*i18n*/ { id: 'server.loans.pdf.signature', message: 'Borrower\'s signature' },
  pdfNotSigned: /*i18n*/ { id: 'server.loans.pdf.notSigned', message: 'Not Signed' },
  pdfSignedAt: /*i18n*/ { id: 'server.loans.pdf.signedAt', message: 'Signed on {date}' },
} as const
