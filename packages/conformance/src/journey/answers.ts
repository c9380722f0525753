interface Questionnaire {
  html?: string;
  questions?: { answer: { text: boolean; options?: { id: number }[] } }[];
}

/** One valid answer per question: the first option's id, or a short text. Undefined for HTML tests. */
export function answersFor(questionnaire: unknown): (number | string)[] | undefined {
  const q = questionnaire as Questionnaire | undefined;
  if (!q?.questions) return undefined;
  return q.questions.map((question) =>
    question.answer.text ? 'پاسخ آزمایشی' : (question.answer.options?.[0]?.id ?? 0),
  );
}
