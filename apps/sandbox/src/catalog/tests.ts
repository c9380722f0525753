import { exampleData } from './examples.js';
import type { Option, Question, TestDefinition } from './types.js';

interface ExampleTest {
  title: string;
  doing_time_minutes: number;
  min_age: number | null;
  max_age: number | null;
  categories: string[];
}
interface ExampleQuestionnaire {
  preface: string | null;
  questions: Question[];
}

// The career-interest test and the titles are the description's own examples; the HTML form is
// drawn per record (forms/render.ts), its action naming the record and the sandbox's address.
const careerExample = exampleData<{ test: ExampleTest }>('RecordDetailReady').test;
const careerQuestions = exampleData<ExampleQuestionnaire>('QuestionnaireJson');
const resultScales = exampleData<{ scores: { key: string; title: string }[] }>('ResultFinished').scores;
const roadmapTitles = exampleData<{ test_records: { test_id: string; test_title: string }[] }>('RoadmapReady');
const symptomTitle =
  exampleData<{ results: { test_id: string; test_title: string }[] }>('RecordPageNewParticipants').results.find(
    (r) => r.test_id === 'symptom-195',
  )?.test_title ?? 'symptom-195';
const titleOf = (id: string) => roadmapTitles.test_records.find((r) => r.test_id === id)?.test_title ?? id;

function option(id: number, num: number, text: string): Option {
  return { id, num: String(num), text, audio: null, image: null };
}

/** A question with options; option ids are `base + 1`, `base + 2`, … unless given. */
function optionQuestion(num: number, text: string, labels: string[], ids?: number[]): Question {
  return {
    num: String(num),
    question: { text, audio: null, image: null },
    answer: { text: false, options: labels.map((label, i) => option(ids?.[i] ?? num * 10 + i + 1, i + 1, label)) },
  };
}

const agree = ['هرگز', 'گاهی', 'اغلب', 'همیشه'];
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

export const TESTS: TestDefinition[] = [
  {
    id: 'career-interest',
    ...careerExample,
    gender_permission: 'all',
    questionnaire: { kind: 'json', ...careerQuestions },
    scales: resultScales.slice(0, 2).map((s, i) => ({ ...s, questions: [i] })),
  },
  {
    id: 'symptom-195',
    title: symptomTitle,
    doing_time_minutes: 40,
    min_age: 18,
    max_age: null,
    gender_permission: 'all',
    categories: ['بالینی'],
    questionnaire: {
      kind: 'json',
      preface: 'به هر جمله با بله یا خیر پاسخ دهید.',
      questions: range(195).map((i) => optionQuestion(i + 1, `جمله شماره ${i + 1}`, ['خیر', 'بله'], [0, 1])),
    },
    scales: [{ key: 'yes_count', title: 'پاسخ‌های بله', questions: range(195) }],
  },
  {
    id: 'raven-html',
    title: 'آزمون ریون',
    doing_time_minutes: 20,
    min_age: 7,
    max_age: null,
    gender_permission: 'all',
    categories: ['شناختی'],
    questionnaire: {
      kind: 'html',
      count: 12,
      min: 1,
      max: 6,
      key: [3, 5, 1, 2, 6, 4, 3, 1, 5, 2, 4, 6],
    },
    scales: [{ key: 'correct', title: 'پاسخ‌های درست', questions: range(12) }],
  },
  {
    id: 'cas-child',
    title: titleOf('cas-child'),
    doing_time_minutes: 25,
    min_age: 6,
    max_age: 12,
    gender_permission: 'all',
    categories: ['شناختی', 'کودک'],
    questionnaire: {
      kind: 'json',
      preface: null,
      questions: range(5).map((i) => optionQuestion(i + 1, `کودک در کار شماره ${i + 1} تمرکز می‌کند.`, agree)),
    },
    scales: [{ key: 'attention', title: 'توجه', questions: range(5) }],
  },
  {
    id: 'parenting-style',
    title: titleOf('parenting-style'),
    doing_time_minutes: 15,
    min_age: 18,
    max_age: 80,
    gender_permission: 'all',
    categories: ['خانواده'],
    questionnaire: {
      kind: 'json',
      preface: null,
      questions: range(5).map((i) => optionQuestion(i + 1, `با فرزندم درباره موضوع ${i + 1} گفتگو می‌کنم.`, agree)),
    },
    scales: [{ key: 'warmth', title: 'گرمی', questions: range(5) }],
  },
  {
    id: 'pregnancy-wellbeing',
    title: 'بهزیستی دوران بارداری',
    doing_time_minutes: 10,
    min_age: 16,
    max_age: 50,
    gender_permission: 'female',
    categories: ['سلامت'],
    questionnaire: {
      kind: 'json',
      preface: null,
      questions: range(3).map((i) => optionQuestion(i + 1, `در هفته گذشته احساس آرامش شماره ${i + 1} داشتم.`, agree)),
    },
    scales: [{ key: 'wellbeing', title: 'بهزیستی', questions: range(3) }],
  },
];

const byId = new Map(TESTS.map((t) => [t.id, t]));

export function findTest(id: string): TestDefinition | undefined {
  return byId.get(id);
}

export function questionsCount(test: TestDefinition): number {
  return test.questionnaire.kind === 'json' ? test.questionnaire.questions.length : test.questionnaire.count;
}
