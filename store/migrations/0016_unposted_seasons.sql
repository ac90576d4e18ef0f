-- The season whose end could never be posted in the server's chosen channel (the channel
-- gone, the bot not allowed there), so /season info can say so; choosing a channel again
-- clears it.
ALTER TABLE season_channels ADD COLUMN unposted_season INTEGER;
