-- The content model's prior and weights are two constant functions now (32-spam-model.sql), so a
-- plan folds the weights' JSON once, not twice: the single one goes.
DROP FUNCTION IF EXISTS leadbell_spam_model();
