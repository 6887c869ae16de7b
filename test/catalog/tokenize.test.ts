import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/catalog/tokenize.js';

describe('tokenize', () => {
  it('splits snake, kebab and camel case, keeping the whole identifier', () => {
    expect(tokenize('get_weather list-files ProductComparison HTTPServer')).toEqual([
      'get',
      'weather',
      'getweath',
      'list',
      'file',
      'listfil',
      'product',
      'comparison',
      'productcomparison',
      'http',
      'server',
      'httpserver',
    ]);
  });

  it('stems English words but keeps news apart from new', () => {
    expect(tokenize('Sends messages sending')).toEqual(['send', 'messag', 'send']);
    expect(tokenize('news new')).toEqual(['news', 'new']);
  });

  it('drops stop words and single letters, keeps numbers and non-English words', () => {
    expect(tokenize("What's the top 50 of it? café Straße")).toEqual(['top', '50', 'café', 'straße']);
  });

  it('cuts CJK runs into overlapping pairs', () => {
    expect(tokenize('获取微博热搜，榜')).toEqual(['获取', '取微', '微博', '博热', '热搜', '榜']);
    expect(tokenize('ニュース検索')).toEqual(['ニュ', 'ュー', 'ース', 'ス検', '検索']);
  });
});
