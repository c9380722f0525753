import type { ApiHandlers } from './context.js';
import { getQuestions, submitAnswers } from './questionnaire.js';
import { authenticateRecord, verifyRecordAuth } from './record-auth.js';
import { getRecord, getResult, listRecords } from './records.js';
import { authenticateRoadmap, getRoadmap, verifyRoadmapAuth } from './roadmaps.js';

/** The behaviour of each operation of the description, by operationId. */
export const API_HANDLERS: ApiHandlers = {
  listRecords,
  getRecord,
  getResult,
  getQuestions,
  submitAnswers,
  authenticateRecord,
  verifyRecordAuth,
  getRoadmap,
  authenticateRoadmap,
  verifyRoadmapAuth,
};
