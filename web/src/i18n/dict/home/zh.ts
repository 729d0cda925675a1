import type { HomeDict } from './en';

const home: HomeDict = {
  notice: '上一版本的金币收购已关闭，新版本的金币收购现已开放。',
  heroTitle: '出售您的足球游戏金币，换取欧元',
  heroText: '选择球员交易或托管交易，获得公道的单价，并提现到 PayPal、Skrill、Payoneer、支付宝或 USDT。',
  ctaSell: '立即出售金币',
  ctaHow: '了解流程',
  claimMoney: '转移后 {{reviewHours}} 小时内到账',
  claimCoins: '{{transferMinHours}} 至 {{transferMaxHours}} 小时内售出金币',
  stepsTitle: '三步完成出售',
  steps: [
    {
      title: '创建账号',
      text: '使用电子邮箱或 Google 账号注册，然后在“设置”中添加收款方式。',
    },
    {
      title: '选择出售方式',
      text: '球员交易：从列表中挑选一张球员卡，并在 5 分钟内用您自己的游戏账号买下。托管交易：提交网页版登录信息和至少 100,000 金币，由我们为您转移金币。',
    },
    {
      title: '提现',
      text: '收入会在转移后 {{reviewHours}} 小时内进入可用余额。满 20 欧元即可提现，款项在申请后 {{payoutHours}} 小时内到账。',
    },
  ],
  advantagesTitle: '卖家为什么选择我们',
  advantages: [
    {
      title: '转移后 {{reviewHours}} 小时内到账',
      text: '转移完成后 {{reviewHours}} 小时内，收入计入您的可用余额，随时可以提现。',
    },
    {
      title: '{{transferMinHours}} 至 {{transferMaxHours}} 小时内售出金币',
      text: '您可选择我们使用游戏账号的时长，{{transferMinHours}} 至 {{transferMaxHours}} 小时；托管交易订单在此期间售出，您无需任何操作。',
    },
    {
      title: '六种收款方式',
      text: 'PayPal、支付宝、Payoneer、Payoneer 钱包、Skrill 以及 TRC20 网络上的 USDT。',
    },
    {
      title: '账号安全有保障',
      text: '游戏账号的密码、备用验证码和身份验证密钥均经过加密，只用于您的这次转移。',
    },
    {
      title: '欢迎大卖家',
      text: '出货量大？请向客服咨询我们的自动化接口（API）。',
    },
  ],
  contactTitle: '联系我们',
  contactText: '客服可通过电子邮件、Discord、WhatsApp、Telegram 和 QQ 为您解答。',
  prices: {
    title: '今日价格',
    unit: '每 10 万金币的价格，以欧元支付。',
    asOf: '截至 {{time}}。',
    failed: '无法加载价格，请稍后再试。',
  },
};

export default home;
