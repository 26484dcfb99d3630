-- The details of a message the order engine writes (symbol, side, lots, price, P/L, the order's number and book):
-- the reader's language fills them into the message's sentence when it is read (messages.service.ts), so a German
-- reader sees "95.113,24", not "95113.24". Messages stored before this have none and keep their plain sentence.
ALTER TABLE "messages" ADD COLUMN "params" jsonb;
