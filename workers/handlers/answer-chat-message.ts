// Answers one AI support chat question, then tells the gateway instances holding the
// user's chat sockets. A question deleted meanwhile ends the job (nothing to answer).
import { UnrecoverableError } from 'bullmq';
import type { Handler } from '../registry.js';
import { QuestionGone } from '../../domain/support/chat/chat-answer-service.js';

export const answerChatMessage: Handler<'ai.answer-chat-message'> = async (job, { services }) => {
  const answers = services.supportChat.answers;
  let outcome;
  try {
    outcome = await answers.answer(job.data.message_id);
  } catch (err) {
    if (err instanceof QuestionGone) throw new UnrecoverableError(`question_gone: ${err.message}`);
    throw err;
  }
  await answers.deliver(outcome);
  return { reply_id: outcome.reply_id, session_id: outcome.session_id, created: outcome.created };
};
